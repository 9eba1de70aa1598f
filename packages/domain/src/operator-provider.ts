/**
 * Where a tenant's top-ups and number look-ups go (decision 0070): the sandbox operator (the
 * stand-in of a mobile operator) or DT One, a top-up aggregator.
 */
export const OPERATOR_PROVIDERS = ['sandbox', 'dtone'] as const;
export type OperatorProviderName = (typeof OPERATOR_PROVIDERS)[number];
