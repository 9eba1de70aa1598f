import 'server-only';
import { statisticsParamsSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';
import { type MeasurementScripts, measurementScripts } from './measurement-scripts';

/** The tenant's measurement id (spec §7 `GET /api/statistics/params`); empty when the call fails. */
async function measurementId(tenant: TenantConfig): Promise<string> {
  try {
    return (await callApi(tenant, '/api/statistics/params', statisticsParamsSchema)).measurementId;
  } catch {
    return '';
  }
}

/** The scripts of a page for a shopper who allowed statistics. */
export async function allowedMeasurement(tenant: TenantConfig): Promise<MeasurementScripts> {
  return measurementScripts(tenant, await measurementId(tenant));
}
