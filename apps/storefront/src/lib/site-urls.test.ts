import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import {
  alternatesOf,
  blogPostingData,
  inLanguage,
  organizationData,
  productData,
  sitemapPaths,
  siteOrigin,
} from './site-urls';

const tenant = (shopId: string) => {
  const found = tenants().byId(shopId);
  if (!found) throw new Error(shopId);
  return found;
};

describe('the URLs search engines see', () => {
  it('take the origin the shop was reached at, https but on a development host', () => {
    expect(siteOrigin('opwaarderen.belwaarde.nl', null)).toBe('https://opwaarderen.belwaarde.nl');
    expect(siteOrigin('belwaarde.localhost:3000', null)).toBe('http://belwaarde.localhost:3000');
    expect(siteOrigin('belwaarde.localhost:3000', 'https')).toBe('https://belwaarde.localhost:3000');
  });

  it('give each language of a shop its own URL, and the plain one as x-default', () => {
    expect(alternatesOf(tenant('belwaarde'), '/', 'en')).toEqual({
      canonical: '/?lang=en',
      languages: { nl: '/?lang=nl', en: '/?lang=en', 'x-default': '/' },
    });
    expect(inLanguage('/privacy', 'fr')).toBe('/privacy?lang=fr');
  });

  it('make the plain URL its own canonical: it is x-default, not another language', () => {
    expect(alternatesOf(tenant('belwaarde'), '/', undefined).canonical).toBe('/');
  });

  it('name one URL for a shop of one language', () => {
    expect(alternatesOf(tenant('topnet'), '/shop/topup/topnet', undefined)).toEqual({
      canonical: '/shop/topup/topnet',
    });
  });

  it('list the main page, a multi-brand shop’s brand pages and the content and advertisement pages the shop has', () => {
    const brands = [
      { brandId: 'funkfix', categoryId: 'mobile' },
      { brandId: 'pixelpass', categoryId: 'gaming' },
    ];
    expect(sitemapPaths(tenant('ladeplatz'), brands)).toEqual([
      '/shop',
      '/shop/mobile/funkfix',
      '/shop/gaming/pixelpass',
      '/about-us',
      '/contact',
      '/privacy',
      '/terms',
      '/imprint',
      '/blog',
      '/sommer-bonus',
      '/gaming-gutscheine',
    ]);
    expect(sitemapPaths(tenant('topnet'), brands)).not.toContain('/imprint');
    expect(sitemapPaths(tenant('topnet'), brands)).not.toContain('/shop/mobile/funkfix');
  });

  it("list the blog's posts of a shop with a blog", () => {
    const posts = ['top-up-abroad', 'promo-codes'];
    expect(sitemapPaths(tenant('rechargeplus'), [], posts).slice(-2)).toEqual([
      '/blog/top-up-abroad',
      '/blog/promo-codes',
    ]);
    expect(sitemapPaths(tenant('funkfix'), [], posts).filter((path) => path.startsWith('/blog'))).toEqual([]);
  });
});

describe('the structured data', () => {
  it('names the shop as an organisation, at its main page', () => {
    expect(organizationData(tenant('funkfix'), 'https://shop.example')).toMatchObject({
      '@type': 'Organization',
      name: 'FunkFix',
      url: 'https://shop.example/shop/topup/funkfix',
      email: tenant('funkfix').supportEmail,
    });
  });

  it('describes a post of the blog with its author, date, language and address', () => {
    const post = {
      slug: 'promo-codes',
      title: 'Promo codes: how to use them',
      excerpt: 'Where to enter a code.',
      publishedAt: '2026-06-23T09:00:00.000Z',
      authorName: 'Camille Martin',
      language: 'en',
    };
    expect(blogPostingData(tenant('rechargeplus'), post, 'https://shop.example')).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.publishedAt,
      inLanguage: 'en',
      author: { '@type': 'Person', name: 'Camille Martin' },
      publisher: { name: 'Recharge Plus' },
      url: 'https://shop.example/blog/promo-codes',
    });
  });

  it('offers each fixed amount at its price, and says which cannot be bought now', () => {
    const products = [
      { productId: 'funkfix-topup-1500', amount: 1500, currency: 'EUR', status: 'ACTIVE' },
      { productId: 'funkfix-topup-3000', amount: 3000, currency: 'EUR', status: 'OUT_OF_STOCK' },
      { productId: 'funkfix-topup-any', amount: null, currency: 'EUR', status: 'ACTIVE' },
    ];
    const data = productData({ name: 'FunkFix' }, products, 'https://shop.example', '/shop/topup/funkfix');
    expect(data?.offers).toEqual([
      expect.objectContaining({
        sku: 'funkfix-topup-1500',
        price: '15.00',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ price: '30.00', availability: 'https://schema.org/OutOfStock' }),
    ]);
    expect(
      productData({ name: 'FunkFix' }, [products[2] as (typeof products)[number]], '', '/'),
    ).toBeUndefined();
  });
});
