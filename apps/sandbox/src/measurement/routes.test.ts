import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox();
});
afterAll(() => app.close());

const SHOP = 'http://funkfix.localhost:3000';

const script = (url: string) => app.inject({ method: 'GET', url, headers: { referer: `${SHOP}/` } });
const hits = async (since: number) =>
  (
    await app.inject({
      method: 'GET',
      url: '/measurement/hits',
      query: { site: 'funkfix.localhost:3000', since: String(since) },
    })
  ).json();

/** Runs a stand-in script as a page of the shop would, and answers the beacons it sent. */
function runOnPage(source: string, window: Record<string, unknown>) {
  const beacons: { url: string; body: Promise<string> }[] = [];
  runInNewContext(source, {
    window,
    location: { host: 'funkfix.localhost:3000' },
    navigator: { sendBeacon: (url: string, blob: Blob) => beacons.push({ url, body: blob.text() }) },
    Blob,
    JSON,
    Array,
  });
  return beacons;
}

describe('the measurement stand-ins', () => {
  it('serve each tool as a script and note which shop fetched it', async () => {
    const since = Date.now();
    for (const url of [
      '/measurement/gtm.js?id=GTM-FFX0001',
      '/measurement/gtag/js?id=G-FFX7Q2K4M1',
      '/measurement/hotjar.js?id=3804417&sv=6',
      '/measurement/push.js?id=xp-topnet-01',
    ]) {
      const response = await script(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    }
    expect(await hits(since)).toEqual([
      expect.objectContaining({ tool: 'tag-manager', id: 'GTM-FFX0001', kind: 'script' }),
      expect.objectContaining({ tool: 'analytics', id: 'G-FFX7Q2K4M1', kind: 'script' }),
      expect.objectContaining({ tool: 'heat-map', id: '3804417', kind: 'script', data: { sv: '6' } }),
      expect.objectContaining({ tool: 'push', id: 'xp-topnet-01', kind: 'script' }),
    ]);
  });

  it('refuse an id the tool would not issue', async () => {
    for (const url of [
      '/measurement/gtm.js',
      '/measurement/gtm.js?id=G-1234',
      '/measurement/hotjar.js?id=abc',
    ]) {
      const response = await script(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('pass on the data layer, what was there before loading and what comes after', async () => {
    const source = (await script('/measurement/gtm.js?id=GTM-FFX0001')).body;
    const layer: unknown[] = [{ event: 'view_item' }];
    const window: Record<string, unknown> = { dataLayer: layer };
    const beacons = runOnPage(source, window);
    (window.dataLayer as unknown[]).push({ event: 'purchase', ecommerce: { transaction_id: 'FFX-1' } });
    expect(layer).toHaveLength(2);
    expect(beacons.every((beacon) => beacon.url === 'http://localhost:80/measurement/collect')).toBe(true);

    const since = Date.now();
    for (const beacon of beacons) {
      await app.inject({
        method: 'POST',
        url: '/measurement/collect',
        headers: { 'content-type': 'text/plain' },
        body: await beacon.body,
      });
    }
    expect((await hits(since)).map((hit: { kind: string; data: unknown }) => [hit.kind, hit.data])).toEqual([
      ['loaded', null],
      ['event', { event: 'view_item' }],
      ['event', { event: 'purchase', ecommerce: { transaction_id: 'FFX-1' } }],
    ]);
  });

  it('refuse a beacon that is not one', async () => {
    for (const body of ['not json', '{"tool":"spy","id":"x","kind":"event","site":""}', '[]']) {
      const response = await app.inject({
        method: 'POST',
        url: '/measurement/collect',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
