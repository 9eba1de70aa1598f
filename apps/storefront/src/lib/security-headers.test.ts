import { type TenantConfig, tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import {
  embedsPaymentPages,
  isLocalHost,
  isPagePath,
  newNonce,
  type SecurityHeaderInput,
  securityHeaders,
} from './security-headers';

const PSP = 'http://localhost:4100';

function demo(shopId: string): TenantConfig {
  const tenant = tenants().byId(shopId);
  if (!tenant) throw new Error(`no demo tenant ${shopId}`);
  return tenant;
}

function page(input: Partial<SecurityHeaderInput> = {}): Record<string, string> {
  return securityHeaders({
    tenant: demo('funkfix'),
    host: 'funkfix.localhost:3000',
    nonce: 'bm9uY2U=',
    paymentPagesOrigin: PSP,
    ...input,
  });
}

/** The CSP as a map of directive name to its sources. */
function directives(headers: Record<string, string>): Map<string, string[]> {
  const policy = headers['Content-Security-Policy'];
  if (!policy) throw new Error('no CSP');
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('security headers of a page', () => {
  it('allows scripts only by the nonce (and what they load), never inline or eval', () => {
    const scripts = directives(page()).get('script-src');
    expect(scripts).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
  });

  it("adds 'unsafe-eval' for scripts in development only", () => {
    expect(directives(page({ development: true })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('keeps everything else to the shop itself', () => {
    const csp = directives(page());
    for (const name of ['default-src', 'img-src', 'font-src', 'connect-src', 'form-action', 'base-uri'])
      expect(csp.get(name), name).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("lets the tenant's measurement tools in only when given their origins (statistics allowed)", () => {
    const tools = ['http://localhost:4100', 'https://*.google-analytics.com'];
    const csp = directives(page({ measurementOrigins: tools }));
    for (const name of ['script-src', 'img-src', 'connect-src'])
      expect(csp.get(name), name).toEqual(expect.arrayContaining(tools));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
  });

  it("lets the device-id script's origin load and be reached, and nothing more", () => {
    const csp = directives(
      page({ tenant: demo('kartenkiosk'), deviceIdOrigin: 'https://device.vendor.example' }),
    );
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "'strict-dynamic'",
      'https://device.vendor.example',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://device.vendor.example']);
    for (const name of ['default-src', 'img-src', 'font-src'])
      expect(csp.get(name), name).toEqual(["'self'"]);
  });

  it("frames only the provider's pages, and only on tenants that embed them", () => {
    expect(directives(page({ tenant: demo('ladeplatz') })).get('frame-src')).toEqual([PSP]);
    expect(directives(page({ tenant: demo('blitzmobil') })).get('frame-src')).toEqual([PSP]);
    expect(directives(page({ tenant: demo('funkfix') })).get('frame-src')).toEqual(["'none'"]);
    expect(directives(page({ tenant: undefined, host: 'localhost:3000' })).get('frame-src')).toEqual([
      "'none'",
    ]);
  });

  it('lets the embedded provider page ask for payment, and nothing else', () => {
    expect(page({ tenant: demo('ladeplatz') })['Permissions-Policy']).toContain(`payment=(self "${PSP}")`);
    const plain = page({ tenant: demo('funkfix') })['Permissions-Policy'];
    expect(plain).toContain('payment=()');
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
      expect(plain).toContain(`${feature}=()`);
  });

  it('sets nosniff and the referrer policy', () => {
    expect(page()).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});

describe('HSTS', () => {
  it('is sent on a real host name', () => {
    expect(page({ host: 'www.funkfix.example' })['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(page({ host: 'www.funkfix.example', nonce: undefined })['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
  });

  it('is not sent on development hosts', () => {
    for (const host of ['localhost:3000', 'funkfix.localhost:3000', '127.0.0.1:3000', '[::1]:3000'])
      expect(page({ host })['Strict-Transport-Security'], host).toBeUndefined();
  });
});

describe('answers that are not pages', () => {
  it('get the headers that need no nonce, and no CSP or permissions', () => {
    const headers = page({ nonce: undefined, host: 'www.funkfix.example' });
    expect(Object.keys(headers).sort()).toEqual([
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
    ]);
  });

  it('are told from pages by their path', () => {
    for (const path of ['/', '/shop', '/shop/topup/funkfix', '/shop/checkout/result', '/imprint'])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ['/api/health', '/api/manifest', '/_next/static/chunks/a.js', '/assets/x/logo.svg'])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('helpers', () => {
  it('gives a fresh base64 nonce of 16 bytes each time', () => {
    const first = newNonce();
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(first);
  });

  it('knows which demo tenants embed payment pages', () => {
    expect(
      tenants()
        .all.filter(embedsPaymentPages)
        .map((tenant) => tenant.shopId)
        .sort(),
    ).toEqual(['blitzmobil', 'ladeplatz']);
  });

  it('knows development hosts', () => {
    expect(isLocalHost('LOCALHOST')).toBe(true);
    expect(isLocalHost('shop.localhost.example')).toBe(false);
    expect(isLocalHost('127.0.0.2')).toBe(false);
  });
});
