import type { ErrorEnvelope } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

const get = (path: string, tenant?: string) =>
  api.request(path, { headers: tenant === undefined ? {} : { 'X-Tenant-Id': tenant } });

describe('GET /api/translations/{lng}/{ns}', () => {
  it('answers the Polish texts of a tenant that offers Polish, cacheable for 7 days', async () => {
    const response = await get('/api/translations/pl/common', 'ladeplatz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=604800');
    const texts = (await response.json()) as Record<string, string>;
    expect(texts.generalErrorMessage).toMatch(/\S/);
    expect(texts.notFoundTitle).toBe('Nie znaleziono strony');
  });

  it("overlays the tenant's overrides", async () => {
    const texts = (await (await get('/api/translations/de/common', 'funkfix')).json()) as Record<
      string,
      string
    >;
    expect(texts.singleBrandHeadline).toBe('FunkFix-Guthaben in Sekunden aufladen');
  });

  it('answers the seo namespace, "default" and xx-YY codes', async () => {
    const seo = (await (await get('/api/translations/default/seo', 'belwaarde')).json()) as Record<
      string,
      string
    >;
    expect(seo.mainDescription).toContain('{provider}');
    const english = await get('/api/translations/EN-gb/common', 'belwaarde');
    expect(english.status).toBe(200);
    expect(((await english.json()) as Record<string, string>).notFoundTitle).toBe('Page not found');
  });

  it('refuses a language the tenant does not offer with 404 UNKNOWN_LOCALE', async () => {
    const response = await get('/api/translations/pl/common', 'funkfix');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'UNKNOWN_LOCALE', message: expect.any(String) });
  });

  it('refuses a missing or unknown tenant with 400 UNKNOWN_TENANT', async () => {
    for (const tenant of [undefined, 'nosuchshop', '']) {
      const response = await get('/api/translations/de/common', tenant);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'UNKNOWN_TENANT', message: expect.any(String) });
    }
  });

  it('refuses an unknown namespace with 400 VALIDATION_FAILED', async () => {
    const response = await get('/api/translations/de/nonsense', 'funkfix');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorEnvelope).code).toBe('VALIDATION_FAILED');
  });
});
