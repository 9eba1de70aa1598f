import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

const lookup = (msisdn: string | undefined, tenant?: string) =>
  api.request(
    `/api/shop/rest/number-lookup${msisdn === undefined ? '' : `?${new URLSearchParams({ msisdn })}`}`,
    { headers: tenant === undefined ? {} : { 'X-Tenant-Id': tenant } },
  );

describe('GET /api/shop/rest/number-lookup', () => {
  it("finds the tenant's own brand", async () => {
    const response = await lookup('+4917012345678', 'funkfix');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      msisdn: '+4917012345678',
      found: true,
      country: 'de',
      brandId: 'funkfix',
      brandName: 'FunkFix',
      sellsBrand: true,
    });
  });

  it('adds a missing + and tells a brand the tenant does not sell', async () => {
    const response = await lookup('4915112345678', 'funkfix');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      msisdn: '+4915112345678',
      found: true,
      country: 'de',
      brandId: 'blitzmobil',
      brandName: 'Blitz Mobil',
      sellsBrand: false,
    });
  });

  it('takes an unencoded + in the query string (read as a space) too', async () => {
    const response = await api.request('/api/shop/rest/number-lookup?msisdn=+4917012345678', {
      headers: { 'X-Tenant-Id': 'funkfix' },
    });
    expect(await response.json()).toMatchObject({
      msisdn: '+4917012345678',
      found: true,
      brandId: 'funkfix',
    });
  });

  it('knows that a multi-brand tenant sells several brands', async () => {
    const response = await lookup('+4915112345678', 'ladeplatz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ found: true, brandId: 'blitzmobil', sellsBrand: true });
    const other = await lookup('+4917612345678', 'ladeplatz');
    expect(await other.json()).toMatchObject({ found: true, brandId: 'funkwelle', sellsBrand: false });
  });

  it('answers found: false for a number no brand owns', async () => {
    const response = await lookup('+4930123456', 'funkfix');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msisdn: '+4930123456', found: false });
  });

  it('refuses a missing or malformed msisdn with 400 VALIDATION_FAILED', async () => {
    for (const msisdn of [
      undefined,
      '',
      'hello',
      '+49 170 1234',
      '12345',
      '1234567890123456',
      '++491701234',
    ]) {
      const response = await lookup(msisdn, 'funkfix');
      expect(response.status, String(msisdn)).toBe(400);
      expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('refuses a missing or unknown tenant with 400 UNKNOWN_TENANT', async () => {
    for (const tenant of [undefined, 'nosuchshop']) {
      const response = await lookup('+4917012345678', tenant);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'UNKNOWN_TENANT', message: expect.any(String) });
    }
  });

  it('appears in the OpenAPI document under catalogue', async () => {
    const document = (await (await api.request('/api/docs/json')).json()) as {
      paths: Record<string, { get?: { tags?: string[] } }>;
    };
    expect(document.paths['/api/shop/rest/number-lookup']?.get?.tags).toEqual(['catalogue']);
  });

  // Last: it stops this file's sandbox.
  it('answers 503 SERVICE_UNAVAILABLE when the operator is down', async () => {
    await api.sandbox.app.close();
    const response = await lookup('+4917012345678', 'funkfix');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  });
});
