import { ports } from '../playwright.config';
import { sandboxUrl } from './checkout';
import { expect, test } from './fixtures';
import { callShop, demoTenants, type PlainResponse, shopUrl, tenant } from './shop';

/** The tenants that show the provider's card or PayPal page in an iframe (demo-tenants spec). */
const EMBEDDING = new Set(['blitzmobil', 'ladeplatz']);

function header(response: PlainResponse, name: string): string {
  const value = response.headers[name];
  if (typeof value !== 'string') throw new Error(`no single ${name} header`);
  return value;
}

/** The CSP as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function nonceOf(policy: string): string {
  const nonce = directives(policy)
    .get('script-src')
    ?.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1])
    .find(Boolean);
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

for (const shop of demoTenants) {
  test(`${shop.shopId}: the main page's security headers, with a fresh nonce on every script`, async ({
    page,
  }) => {
    const path = shopUrl(shop.shopId).replace(/^http:\/\/[^/]+/, '');
    const [first, second] = [
      await callShop(`${shop.shopId}.localhost`, path),
      await callShop(`${shop.shopId}.localhost`, path),
    ];
    expect(first.status).toBe(200);

    const csp = directives(header(first, 'content-security-policy'));
    expect(csp.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-.+'$/),
      "'strict-dynamic'",
    ]);
    expect(csp.get('script-src')?.join(' ')).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(EMBEDDING.has(shop.shopId) ? [sandboxUrl] : ["'none'"]);

    expect(header(first, 'x-content-type-options')).toBe('nosniff');
    expect(header(first, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
    const permissions = header(first, 'permissions-policy');
    for (const feature of ['camera', 'microphone', 'geolocation'])
      expect(permissions).toContain(`${feature}=()`);
    expect(permissions).toContain(
      EMBEDDING.has(shop.shopId) ? `payment=(self "${sandboxUrl}")` : 'payment=()',
    );
    expect(first.headers['strict-transport-security']).toBeUndefined();

    // A nonce is good for one answer only, and every script of that answer carries it.
    const nonces = [first, second].map((response) => nonceOf(header(response, 'content-security-policy')));
    expect(nonces[0]).not.toBe(nonces[1]);
    const scripts = first.text().match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(` nonce="${nonces[0]}"`);

    // In the browser: the page's scripts run by the nonce (the fixture fails on any violation).
    const response = await page.goto(shopUrl(shop.shopId));
    const nonce = nonceOf((await response?.allHeaders())?.['content-security-policy'] ?? '');
    const scriptNonces = await page
      .locator('script')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('a production host name gets HSTS; development hosts do not', async () => {
  const funkfix = tenant('funkfix');
  const [domain] = funkfix.domains;
  if (!domain) throw new Error('funkfix has no domain');
  const production = await callShop(domain, '/shop/topup/funkfix');
  expect(production.status).toBe(200);
  expect(header(production, 'strict-transport-security')).toBe('max-age=31536000');
  for (const host of ['localhost', '127.0.0.1', 'funkfix.localhost']) {
    const local = await callShop(host, '/api/health');
    expect(local.headers['strict-transport-security'], host).toBeUndefined();
  }
});

test('API answers and static files get the headers that need no nonce, and no CSP', async ({ page }) => {
  await page.goto(shopUrl('ladeplatz'));
  const script = await page.locator('script[src]').first().getAttribute('src');
  for (const path of ['/api/health', '/api/manifest', '/assets/ladeplatz/logo.svg', script ?? '']) {
    const response = await callShop('ladeplatz.localhost', path);
    expect(response.status, path).toBe(200);
    expect(header(response, 'x-content-type-options'), path).toBe('nosniff');
    expect(header(response, 'referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy'], path).toBeUndefined();
  }
});

test('the index of demo shops has the policy too', async ({ page }) => {
  const response = await page.goto(`http://localhost:${ports.storefront}/`);
  const csp = directives((await response?.allHeaders())?.['content-security-policy'] ?? '');
  expect(csp.get('frame-src')).toEqual(["'none'"]);
  await expect(page.getByTestId('shop-index').getByRole('link')).toHaveCount(11);
});
