import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox();
});
afterAll(() => app.close());

const fetchScript = (path: string) => app.inject({ method: 'GET', url: path });

/** Runs the script as a page would, with the page's window; answers the ids handed to the page. */
function runOnPage(source: string, window: Record<string, unknown>): string[] {
  const handed: string[] = [];
  window.crypto = globalThis.crypto;
  window.onDeviceId ??= (deviceId: string) => handed.push(deviceId);
  runInNewContext(source, { window, Uint8Array });
  return handed;
}

describe('GET /device-id/{shopId}.js', () => {
  it('serves a script that hands the page a new device id', async () => {
    const response = await fetchScript('/device-id/kartenkiosk.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-store');

    const window: Record<string, unknown> = {};
    const handed = runOnPage(response.body, window);
    expect(handed).toEqual([expect.stringMatching(/^dev_[0-9a-f]{32}$/)]);
    expect(window.deviceIdResult).toEqual({ deviceId: handed[0], shopId: 'kartenkiosk' });
    expect(runOnPage(response.body, {})[0]).not.toBe(handed[0]);
  });

  it('leaves the id on the window when the page set no callback', async () => {
    const response = await fetchScript('/device-id/callhome.js');
    const page: Record<string, unknown> = { crypto: globalThis.crypto };
    runInNewContext(response.body, { window: page, Uint8Array });
    expect(page.deviceIdResult).toEqual({
      deviceId: expect.stringMatching(/^dev_[0-9a-f]{32}$/),
      shopId: 'callhome',
    });
  });

  it.each(['/device-id/Kartenkiosk.js', '/device-id/kartenkiosk', '/device-id/..%2Fx.js'])(
    '%s is 404 UNKNOWN_SHOP',
    async (path) => {
      const response = await fetchScript(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'UNKNOWN_SHOP', message: expect.any(String) });
    },
  );
});
