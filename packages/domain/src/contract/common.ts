import * as z from 'zod';
import './jitless';

/** The body of every 4xx and 5xx answer: a source code of spec §8 (or decision 0006) and a text. */
export const errorEnvelopeSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'Error', description: 'The body of every 4xx and 5xx answer' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The largest request body the API takes (a route may take less); the storefront's `/api` proxy
 * refuses a larger one itself, with the API's answer: 413 and this envelope.
 */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

/** Spec §7: the tenant of a tenant-scoped call. */
export const tenantHeadersSchema = z.object({
  'x-tenant-id': z.string().optional().meta({ description: 'Shop id of the tenant (required)' }),
});

/** A schema of the contract, by the value it parses into. */
export type Schema<T> = z.ZodType<T>;
