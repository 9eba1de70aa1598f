import * as z from 'zod';
import './jitless';

/** `GET /api/statistics/params`: the tenant's analytics measurement id, empty when it has none. */
export const statisticsParamsSchema = z
  .object({
    measurementId: z
      .string()
      .meta({ description: 'e.g. G-FFX7Q2K4M1; empty when the tenant measures nothing' }),
  })
  .meta({ id: 'StatisticsParams' });
export type StatisticsParams = z.infer<typeof statisticsParamsSchema>;
