import { errorEnvelopeSchema } from '@shop/domain/contract';

/** The contract's pieces every route of the API answers or reads: the error envelope and the tenant header. */
export { errorEnvelopeSchema, tenantHeadersSchema } from '@shop/domain/contract';

/** The refusals of a signed-in shopper's own calls: bad input, no session, not theirs, a conflict, too many. */
/** The refusals of the back office's calls (decision 0066). */
export const staffCallErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

export const accountCallErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
