import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

const get = (tenant?: string) =>
  api.request('/api/statistics/params', { headers: tenant === undefined ? {} : { 'X-Tenant-Id': tenant } });

describe('GET /api/statistics/params', () => {
  it("answers the tenant's measurement id", async () => {
    const response = await get('funkfix');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ measurementId: 'G-FFX7Q2K4M1' });
    expect(await (await get('ladeplatz')).json()).toEqual({ measurementId: 'G-LDP5K1V9X5' });
  });

  it('answers an empty id for a tenant that measures nothing with analytics', async () => {
    expect(await (await get('topnet')).json()).toEqual({ measurementId: '' });
  });

  it('refuses a missing or unknown tenant with 400 UNKNOWN_TENANT', async () => {
    for (const tenant of [undefined, 'nosuchshop']) {
      const response = await get(tenant);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'UNKNOWN_TENANT', message: expect.any(String) });
    }
  });
});
