// ---------------------------------------------------------------------------------------------
// GET /internal/catalogue-changes
// ---------------------------------------------------------------------------------------------

/**
 * The API process's catalogue cache as Server-Sent Events, for the storefront's own processes
 * (not tenant-scoped, not under `/api`, so no shopper reaches it through the storefront): whoever
 * keeps something per tenant forgets it at the moments the API forgets its answers (decision 0052).
 */
export const CATALOGUE_CHANGES_PATH = '/internal/catalogue-changes';

/**
 * The events of that stream. `listening` (`data: true` or `false`) comes first and again whenever
 * it turns: while false, keep nothing. `changed` names a tenant whose catalogue changed, or `*` for
 * every tenant.
 */
export const CATALOGUE_CHANGE_EVENTS = { listening: 'listening', changed: 'changed' } as const;
export type CatalogueChangeEvent = (typeof CATALOGUE_CHANGE_EVENTS)[keyof typeof CATALOGUE_CHANGE_EVENTS];

/** A comment line (`:`) comes this often when nothing else does: a quieter stream is a dead one. */
export const CATALOGUE_CHANGES_HEARTBEAT_MS = 15_000;
