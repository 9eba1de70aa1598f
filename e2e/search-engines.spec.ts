import { contentPagesOf, mainPagePath } from '@shop/tenants';
import { ports } from '../playwright.config';
import { expect, test } from './fixtures';
import { callShop, demoTenants, shopUrl } from './shop';

/** Search-engine basics (issue 17, part 1): robots.txt and sitemap.xml per host, languages at URLs of their own. */
const origin = (shopId: string) => `http://${shopId}.localhost:${ports.storefront}`;

test('robots.txt lets search engines list the shop, not the account, checkout or API, and names its sitemap', async () => {
  for (const shopId of ['funkfix', 'belwaarde']) {
    const robots = await callShop(`${shopId}.localhost`, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text()).toContain('Disallow: /account\nDisallow: /shop/checkout\nDisallow: /api/');
    expect(robots.text()).toContain(`Sitemap: ${origin(shopId)}/sitemap.xml`);
  }
});

test('sitemap.xml lists the main page, brand and content pages, each with its languages', async () => {
  const ladeplatz = (await callShop('ladeplatz.localhost', '/sitemap.xml')).text();
  expect(ladeplatz).toContain(`<loc>${origin('ladeplatz')}/shop?lang=de</loc>`);
  expect(ladeplatz).toContain(`<loc>${origin('ladeplatz')}/shop/mobile/funkfix?lang=de</loc>`);
  expect(ladeplatz).toContain(
    `<xhtml:link rel="alternate" hreflang="ro" href="${origin('ladeplatz')}/blog?lang=ro"/>`,
  );
  expect(ladeplatz).toContain(
    `<xhtml:link rel="alternate" hreflang="x-default" href="${origin('ladeplatz')}/shop"/>`,
  );
  const topnet = (await callShop('topnet.localhost', '/sitemap.xml')).text();
  expect(topnet).toContain(`<loc>${origin('topnet')}/shop/topup/topnet</loc>`);
  expect(topnet).not.toContain('/imprint');
  expect(topnet).not.toContain('hreflang');
});

test('every shop answers its own robots.txt and sitemap, and its pages name an alternate for each of its languages', async () => {
  for (const tenant of demoTenants) {
    const host = `${tenant.shopId}.localhost`;
    const own = origin(tenant.shopId);
    const robots = await callShop(host, '/robots.txt');
    expect(robots.status, tenant.shopId).toBe(200);
    expect(robots.text(), tenant.shopId).toContain(`Sitemap: ${own}/sitemap.xml`);

    const sitemap = (await callShop(host, '/sitemap.xml')).text();
    const several = tenant.locales.length > 1;
    const url = (path: string) => (several ? `${own}${path}?lang=${tenant.defaultLocale}` : `${own}${path}`);
    for (const path of [mainPagePath(tenant), ...contentPagesOf(tenant).map((slug) => `/${slug}`)]) {
      expect(sitemap, `${tenant.shopId} ${path}`).toContain(`<loc>${url(path)}</loc>`);
    }
    expect(sitemap.includes('/imprint'), tenant.shopId).toBe(!tenant.variations.hideImprint);
    expect(sitemap.includes('/blog'), tenant.shopId).toBe(tenant.variations.hasBlog);

    const page = (await callShop(host, mainPagePath(tenant))).text();
    const hreflangs = [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map(
      (match) => match[1],
    );
    expect(hreflangs.sort(), tenant.shopId).toEqual(several ? [...tenant.locales, 'x-default'].sort() : []);
  }
});

test('belwaarde: each language has a URL of its own, which also keeps the choice; the page names its alternates', async ({
  page,
}) => {
  await page.goto(`${shopUrl('belwaarde', '/')}?lang=en`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin('belwaarde')}/?lang=en`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute(
    'href',
    `${origin('belwaarde')}/?lang=nl`,
  );
  // The shop's root, as Next.js writes it (no trailing slash).
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    origin('belwaarde'),
  );
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'BelWaarde');
  // The choice is kept: the plain address now opens in English too, and is its own canonical.
  await page.goto(shopUrl('belwaarde', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', origin('belwaarde'));
  await page.goto(`${shopUrl('belwaarde', '/')}?lang=nl`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  // A language the shop does not offer changes nothing.
  await page.goto(`${shopUrl('belwaarde', '/')}?lang=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('funkfix: the main page describes the shop and its top-ups to search engines', async ({ page }) => {
  await page.goto(shopUrl('funkfix'));
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; name: string; offers?: { price: string }[] },
  );
  expect(data.find((item) => item['@type'] === 'Organization')?.name).toBe('FunkFix');
  const product = data.find((item) => item['@type'] === 'Product');
  expect(product?.offers?.map((offer) => offer.price)).toContain('15.00');
});

test('a path no page answers moves for good to /not-found, which answers 404 with the shop’s page', async ({
  page,
}) => {
  for (const path of ['/no-such-page', '/privacy/more', '/wp-login.php-old/x']) {
    const moved = await callShop('funkfix.localhost', path);
    expect(moved.status, path).toBe(301);
    expect(new URL(String(moved.headers.location), origin('funkfix')).href, path).toBe(
      `${origin('funkfix')}/not-found`,
    );
  }
  // topnet hides its imprint: that page is not there either.
  expect((await callShop('topnet.localhost', '/imprint')).status).toBe(301);
  expect((await callShop('funkfix.localhost', '/privacy')).status).toBe(200);

  const response = await page.goto(shopUrl('funkfix', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(shopUrl('funkfix', '/not-found'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await page.goto(shopUrl('kartenkiosk', '/not-found'));
  await expect(page.getByTestId('not-found')).toHaveClass(/not-found--/);
  await expect(page.getByTestId('not-found')).not.toHaveClass(/not-found--standard/);
});
