import 'server-only';
import { statisticsParamsSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { answerCache } from './answer-cache';
import { callApi } from './api';
import { type MeasurementScripts, measurementScripts } from './measurement-scripts';

const cached = answerCache<string>(60_000);

/**
 * The tenant's measurement id (spec §7 `GET /api/statistics/params`), asked once a minute, not
 * on every page; empty when the call fails.
 */
async function measurementId(tenant: TenantConfig): Promise<string> {
  try {
    return await cached(
      tenant.shopId,
      async () => (await callApi(tenant, '/api/statistics/params', statisticsParamsSchema)).measurementId,
    );
  } catch {
    return '';
  }
}

/** The scripts of a page for a shopper who allowed statistics. */
export async function allowedMeasurement(tenant: TenantConfig): Promise<MeasurementScripts> {
  return measurementScripts(tenant, await measurementId(tenant));
}
