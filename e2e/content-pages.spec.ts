import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { mainPagePath } from '@shop/tenants';
import { ports } from '../playwright.config';
import { expect, test } from './fixtures';
import { callShop, demoTenants, expectNoAxeViolations, shopUrl, tenant } from './shop';

const origin = (shopId: string) => `http://${shopId}.localhost:${ports.storefront}`;

for (const shop of demoTenants) {
  test(`${shop.shopId}: the legal pages name the company, its register and VAT id`, async ({ page }) => {
    const { company } = shop;
    const legalPages = {
      imprint: [company.legalName, company.register.court, company.register.number, company.vatId],
      privacy: [company.legalName, company.dataProtectionAuthority],
      terms: [company.legalName, company.street],
    };
    for (const [slug, details] of Object.entries(legalPages)) {
      if (slug === 'imprint' && shop.variations.hideImprint) continue;
      const response = await page.goto(shopUrl(shop.shopId, `/${slug}?lang=en`));
      expect(response?.status(), slug).toBe(200);
      const article = page.getByTestId(`content-${slug}`);
      for (const detail of details) await expect(article, slug).toContainText(detail);
      await expect(article, slug).not.toContainText('{{');
    }
    await expect(page.locator('html')).toHaveAttribute('lang', shop.locales.includes('en') ? 'en' : 'de');
  });
}

test('topnet has no imprint anywhere and shows no support contact', async ({ page }) => {
  const topnet = tenant('topnet');
  const moved = await callShop('topnet.localhost', '/imprint');
  expect(moved.status).toBe(301);
  expect(new URL(String(moved.headers.location), origin('topnet')).pathname).toBe('/not-found');

  await page.goto(shopUrl('topnet', '/contact'));
  await expect(page.getByTestId('content-contact')).toBeVisible();
  await expect(page.locator('.site-footer').getByRole('link', { name: 'Imprint' })).toHaveCount(0);
  await expect(page.getByTestId('contact-help-desk')).toHaveCount(0);
  await expect(page.getByTestId('contact-support')).toHaveCount(0);
  for (const contact of [topnet.supportEmail, topnet.helpDesk.email]) {
    await expect(page.locator('body')).not.toContainText(contact);
  }
  await expect(page.getByTestId('content-contact')).toContainText(topnet.company.legalName);
});

test('the contact page shows customer service and the help desk with its product id', async ({ page }) => {
  for (const shop of demoTenants.filter((candidate) => !candidate.variations.hideCustomerSupport)) {
    await page.goto(shopUrl(shop.shopId, '/contact'));
    const helpDesk = page.getByTestId('contact-help-desk');
    await expect(helpDesk.getByRole('link', { name: shop.helpDesk.email }), shop.shopId).toHaveAttribute(
      'href',
      `mailto:${shop.helpDesk.email}?subject=${shop.helpDesk.productId}`,
    );
    await expect(helpDesk, shop.shopId).toContainText(shop.helpDesk.productId);
    await expect(
      page.getByTestId('contact-support').getByRole('link', { name: shop.supportEmail }),
      shop.shopId,
    ).toBeVisible();
  }
});

test('a long page opens with its contents, whose links lead to its sections', async ({ page }) => {
  await page.goto(shopUrl('rechargeplus', '/terms?lang=en'));
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: '8. Automatic top-ups and how to cancel them' }).click();
  await expect(page).toHaveURL(/#8-automatic-top-ups-and-how-to-cancel-them$/);
  await expect(
    page.getByRole('heading', { level: 2, name: '8. Automatic top-ups and how to cancel them' }),
  ).toBeInViewport();

  await page.goto(shopUrl('rechargeplus', '/terms?lang=fr'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
  await expect(page.getByTestId('content-terms')).toContainText('médiateur de la consommation');
  await expect(page).toHaveTitle('Conditions générales de vente | Recharge Plus');
});

test('an advertisement page shows its image and text and leads into the shop', async ({ page }) => {
  const ladeplatz = tenant('ladeplatz');
  const response = await page.goto(shopUrl('ladeplatz', '/sommer-bonus?lang=en'));
  expect(response?.status()).toBe(200);
  const image = page.locator('.advertisement-page__image');
  await expect(image).toHaveAttribute('src', '/assets/ladeplatz/ad-1.svg');
  await expect(image).toHaveAttribute('alt', 'Summer bonus: 10% more credit now');
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Summer bonus: more credit for your holidays',
  );
  await expect(page).toHaveTitle('Summer bonus: more credit for your holidays – Ladeplatz');
  await page.getByRole('link', { name: 'Go to the Ladeplatz shop' }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', mainPagePath(ladeplatz)));

  // Not in the footer; another shop's campaign is not there at all.
  await expect(page.locator('.site-footer a[href="/sommer-bonus"]')).toHaveCount(0);
  expect((await callShop('kartenkiosk.localhost', '/sommer-bonus')).status).toBe(301);
  expect((await callShop('kartenkiosk.localhost', '/geschenkkarten')).status).toBe(200);
  const sitemap = (await callShop('ladeplatz.localhost', '/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${origin('ladeplatz')}/gaming-gutscheine?lang=de</loc>`);
});

for (const shop of demoTenants.filter((candidate) => candidate.themes.dark)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shop.shopId}: the privacy notice in the ${theme} theme has no axe violation`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shop.shopId, '/') }]);
      await page.goto(shopUrl(shop.shopId, '/privacy'));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']);
    });
  }
}

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the terms, the contact page and a campaign fit the screen and have no axe violation', async ({
    page,
  }) => {
    for (const path of ['/terms', '/contact', '/geschenkkarten']) {
      await page.goto(shopUrl('kartenkiosk', path));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']);
    }
  });
});
