import { z } from 'zod';

export const errorEnvelopeSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'Error', description: 'The body of every 4xx and 5xx answer' });

export const tenantHeadersSchema = z.object({
  'x-tenant-id': z.string().optional().meta({ description: 'Shop id of the tenant (required)' }),
});
