import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { isSharedPage, type PageRequest, pageKeyOf } from './page-key';
import { acceptsGzip } from './page-server';

const ladeplatz = tenants().byId('ladeplatz');
if (!ladeplatz) throw new Error('the demo tenant ladeplatz is missing');

const get = (url: string, headers: PageRequest['headers'] = {}): PageRequest => ({
  method: 'GET',
  url,
  headers: { host: 'ladeplatz.localhost:3000', ...headers },
});

describe('which pages are shared', () => {
  it('takes the main pages, brand and category listings and content pages', () => {
    for (const path of ['/', '/shop', '/shop/mobile/funkfix', '/shop/topup/funkfix', '/terms', '/privacy']) {
      expect(isSharedPage(ladeplatz, path), path).toBe(true);
    }
  });

  it('leaves out the checkout and its results, the account, sign-in, the blog and unknown pages', () => {
    for (const path of [
      '/shop/checkout/cart',
      '/shop/checkout/payment',
      // An order's result shows its PINs: never one shopper's page for another.
      '/shop/checkout/result',
      '/shop/checkout/result/cash-code',
      '/account/orders/ORDER-1',
      '/account',
      '/login',
      '/nothing-here',
    ]) {
      expect(isSharedPage(ladeplatz, path), path).toBe(false);
    }
  });
});

describe('the key of a kept page', () => {
  it('holds the host, the protocol, the path and query and the keyed cookies', () => {
    const plain = pageKeyOf(ladeplatz, get('/shop'));
    expect(plain).toBeDefined();
    const variants = [
      get('/shop?page=2'),
      get('/shop', { host: 'ladeplatz.example' }),
      get('/shop', { 'x-forwarded-proto': 'https' }),
      get('/shop', { cookie: 'LOCALE=en' }),
      get('/shop', { cookie: 'theme=dark' }),
      get('/shop', { cookie: 'cookieConsent=necessary:1|statistics:0' }),
    ].map((request) => pageKeyOf(ladeplatz, request));
    expect(new Set([plain, ...variants]).size).toBe(variants.length + 1);
    expect(pageKeyOf(ladeplatz, get('/shop', { cookie: 'theme=dark; LOCALE=en' }))).toBe(
      pageKeyOf(ladeplatz, get('/shop', { cookie: 'LOCALE=en; theme=dark' })),
    );
  });

  it('is none for a shopper of their own, a language choice, a framework call or another method', () => {
    for (const request of [
      get('/shop', { cookie: 'accessToken=abc' }),
      get('/shop', { cookie: 'LOCALE=en; cartName=xyz' }),
      get('/shop', { cookie: 'channel=app' }),
      get('/shop?lang=en'),
      get('/shop/topup/funkfix?msisdn=4917012345678&amount=1500&hash=abc&notificationCode=123'),
      get('/shop', { rsc: '1' }),
      get('/shop', { 'next-action': 'abc' }),
      { ...get('/shop'), method: 'POST' },
      { ...get('/shop'), method: 'HEAD' },
      get('/shop/checkout/cart'),
    ]) {
      expect(pageKeyOf(ladeplatz, request), JSON.stringify(request)).toBeUndefined();
    }
  });
});

describe('gzip for the client', () => {
  it("follows the client's Accept-Encoding", () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
