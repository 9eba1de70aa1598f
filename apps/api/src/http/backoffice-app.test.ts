import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { backofficeApp } from './backoffice-app';
import { registerErrorHandling } from './errors';

const built = mkdtempSync(join(tmpdir(), 'backoffice-'));
mkdirSync(join(built, 'assets'));
writeFileSync(join(built, 'index.html'), '<!doctype html><title>Back office</title>');
writeFileSync(join(built, 'assets', 'index-3f2a.js'), 'export {};');
afterAll(() => rmSync(built, { recursive: true, force: true }));

async function served(root: string) {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(backofficeApp, { root });
  return app;
}

describe('the back office’s page', () => {
  it('is the app for every path of its own, never cached, with a policy of its own origin only', async () => {
    const app = await served(built);
    for (const url of [
      '/backoffice/',
      '/backoffice/orders/FUN-12345678',
      '/backoffice/sign-in?next=%2Faudit',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Back office</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self';");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect((await app.inject({ url: '/backoffice' })).headers.location).toBe('/backoffice/');
  });

  it('serves hashed assets for a year, and a missing asset as 404, not as the page', async () => {
    const app = await served(built);
    const asset = await app.inject({ url: '/backoffice/assets/index-3f2a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A build made while the API runs is served without a restart.
    writeFileSync(join(built, 'assets', 'index-9c1d.js'), 'export {};');
    expect((await app.inject({ url: '/backoffice/assets/index-9c1d.js' })).statusCode).toBe(200);
    const missing = await app.inject({ url: '/backoffice/assets/index-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says how to build it when it is not built', async () => {
    const app = await served(join(built, 'nothing-here'));
    const page = await app.inject({ url: '/backoffice/' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({
      code: 'NOT_FOUND',
      message: expect.stringContaining('npm run build -w @shop/backoffice'),
    });
  });
});
