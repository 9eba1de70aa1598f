/** The contract's pieces every route of the API answers or reads: the error envelope and the tenant header. */
export { errorEnvelopeSchema, tenantHeadersSchema } from '@shop/domain/contract';
