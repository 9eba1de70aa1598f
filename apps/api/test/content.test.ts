import type { ContentPageAnswer, ErrorEnvelope } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

const api = apiForFile();

const get = (path: string, tenant: string) => api.request(path, { headers: { 'X-Tenant-Id': tenant } });

describe('GET /api/content/{lng}/{slug}', () => {
  it("answers a legal page in the shopper's language, filled with the tenant's company", async () => {
    const response = await get('/api/content/en/imprint', 'blitzmobil');
    expect(response.status).toBe(200);
    const page = (await response.json()) as ContentPageAnswer;
    for (const detail of ['Blitz Mobil Services GmbH', 'Amtsgericht Hamburg', 'HRB 171234', 'DE327561984']) {
      expect(page.markdown).toContain(detail);
    }
    expect(page.markdown).not.toContain('{{');
    expect(page.advertisement).toBeUndefined();
  });

  it("answers the tenant's own text over the template, in the default language for 'default'", async () => {
    const page = (await (
      await get('/api/content/default/about-us', 'belwaarde')
    ).json()) as ContentPageAnswer;
    expect(page.markdown).toContain('4411');
  });

  it('answers an advertisement page with its title, description and image text', async () => {
    const page = (await (await get('/api/content/fr/sommer-bonus', 'ladeplatz')).json()) as ContentPageAnswer;
    expect(page.advertisement).toEqual({
      title: expect.stringContaining('Bonus'),
      description: expect.stringContaining('Ladeplatz'),
      imageAlt: expect.stringMatching(/\S/),
    });
  });

  it('refuses a page the shop does not have with 404 NOT_FOUND', async () => {
    for (const [tenant, slug] of [
      ['topnet', 'imprint'],
      ['ladeplatz', 'blog'],
      ['kartenkiosk', 'sommer-bonus'],
      ['funkfix', 'nothing-here'],
    ] as const) {
      const response = await get(`/api/content/default/${slug}`, tenant);
      expect(response.status, `${tenant} ${slug}`).toBe(404);
      expect(((await response.json()) as ErrorEnvelope).code).toBe('NOT_FOUND');
    }
  });

  it('refuses a language the tenant does not offer, and a slug that cannot be one', async () => {
    const unoffered = await get('/api/content/pl/terms', 'funkfix');
    expect(unoffered.status).toBe(404);
    expect(((await unoffered.json()) as ErrorEnvelope).code).toBe('UNKNOWN_LOCALE');
    const bad = await get('/api/content/de/..%2Fsecrets', 'funkfix');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorEnvelope).code).toBe('VALIDATION_FAILED');
  });
});
