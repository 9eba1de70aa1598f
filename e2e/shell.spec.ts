import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { ports } from '../playwright.config';
import { expect, test } from './fixtures';
import { callShop, demoTenants, shopUrl, tenant } from './shop';

test('the bare localhost lists all eleven shops with links to their main pages', async ({ page }) => {
  await page.goto(`http://localhost:${ports.storefront}/`);
  const links = page.getByTestId('shop-index').getByRole('link');
  await expect(links).toHaveCount(11);
  for (const shop of demoTenants) {
    await expect(page.getByRole('link', { name: shop.providerName, exact: true })).toHaveAttribute(
      'href',
      shopUrl(shop.shopId),
    );
  }
});

for (const shop of demoTenants) {
  test(`${shop.shopId}: main page in its default language, title and theme`, async ({ page }) => {
    await page.goto(shopUrl(shop.shopId));
    await expect(page).toHaveTitle(shop.providerName);
    await expect(page.locator('html')).toHaveAttribute('lang', shop.defaultLocale);
    // Until the shopper chooses, a tenant with both themes follows the device (here: light).
    await expect(page.locator('html')).toHaveAttribute('data-theme', shop.themes.dark ? 'system' : 'light');
    await expect(page.locator('.site-header')).toHaveCSS(
      'background-color',
      rgb(shop.themes.light.headerBackground),
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('payment-methods').getByRole('img')).toHaveCount(
      shop.footer.paymentMethods.length,
    );
    await expect(page.getByTestId('theme-toggle')).toHaveCount(shop.themes.dark ? 1 : 0);
    await expect(page.getByTestId('locale-switcher')).toHaveCount(shop.locales.length > 1 ? 1 : 0);
  });
}

test('a tenant whose main page is elsewhere redirects / there, keeping the query', async ({ page }) => {
  await page.goto(shopUrl('funkfix', '/?msisdn=%2B4917012345678&amount=15'));
  await expect(page).toHaveURL(shopUrl('funkfix', '/shop/topup/funkfix?msisdn=%2B4917012345678&amount=15'));
  await page.goto(shopUrl('ladeplatz', '/'));
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop'));
});

test('an unknown host and an unknown path get the 404 page', async ({ page }) => {
  const unknownHost = await page.goto(`http://nosuchshop.localhost:${ports.storefront}/`);
  expect(unknownHost?.status()).toBe(404);
  const unknownPath = await page.goto(shopUrl('funkfix', '/shop/topup/blitzmobil'));
  expect(unknownPath?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
});

test('switching language changes the texts and survives a reload', async ({ page }) => {
  const ladeplatz = tenant('ladeplatz');
  await page.goto(shopUrl('ladeplatz'));
  const headline = page.getByRole('heading', { level: 1 });
  const german = await headline.textContent();

  const switcher = page.getByTestId('locale-switcher');
  await switcher.click();
  const options = page.locator(`[id="${await switcher.getAttribute('aria-controls')}"]`).getByRole('button');
  await expect(options).toHaveCount(ladeplatz.locales.length);
  await expect(page.getByTestId('locale-pl').locator('img')).toHaveAttribute('src', /pl\..*svg/);
  // The choice reloads the page, which may take a while on a busy machine.
  await Promise.all([page.waitForEvent('load'), page.getByTestId('locale-pl').click()]);

  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(headline).not.toHaveText(german ?? '');
  await expect(page.getByRole('link', { name: 'Polityka prywatności' })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === COOKIE_NAMES.locale)?.value).toBe(
    'pl',
  );

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('link', { name: 'Polityka prywatności' })).toBeVisible();
});

test('English is shown with the British flag', async ({ page }) => {
  await page.goto(shopUrl('belwaarde'));
  await page.getByTestId('locale-switcher').click();
  await expect(page.getByTestId('locale-en').locator('img')).toHaveAttribute('src', /gb\..*svg/);
});

test.describe('on a device set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the shop is dark until the shopper chooses light, which it keeps', async ({ page }) => {
    const { light, dark } = tenant('belwaarde').themes;
    if (!dark) throw new Error('belwaarde has a dark theme');
    await page.goto(shopUrl('belwaarde'));
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(dark.background));
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Overschakelen naar licht thema');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(light.background));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(light.background));
  });
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  const belwaarde = tenant('belwaarde');
  const dark = belwaarde.themes.dark;
  if (!dark) throw new Error('belwaarde has a dark theme');
  await page.goto(shopUrl('belwaarde'));
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(dark.background));

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(dark.background));

  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test("the page's scripts get the shop's texts as one bundle that the tab keeps, not inside every page", async ({
  page,
}) => {
  const wrongNumber = 'Bitte gib eine gültige Handynummer ein.';
  const html = await callShop('funkfix.localhost', '/shop/topup/funkfix');
  expect(html.status).toBe(200);
  expect(html.text()).not.toContain(wrongNumber);

  const bundles: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/translations/')) bundles.push(request.url());
  });
  await page.goto(shopUrl('funkfix'));
  const form = page.getByTestId('topup-form');
  await form.getByRole('radio', { name: '15 €' }).check();
  await form.getByRole('textbox', { name: 'Handynummer' }).fill('12');
  await form.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('phone-error')).toHaveText(wrongNumber);
  expect(bundles).toHaveLength(1);
  expect(new URL(bundles[0] ?? '').pathname).toBe('/api/translations/de/common');

  // From here on the bundle cannot be had: the next pages work with what the tab kept.
  await page.route('**/api/translations/**', (route) => route.abort());
  await page.goto(shopUrl('funkfix', '/shop/checkout/cart'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(shopUrl('funkfix'));
  await form.getByRole('radio', { name: '15 €' }).check();
  await form.getByRole('textbox', { name: 'Handynummer' }).fill('12');
  await form.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('phone-error')).toHaveText(wrongNumber);
});

test('the API is reachable through the shop with the tenant of the host', async () => {
  const response = await callShop('ladeplatz.localhost', '/api/translations/pl/common');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=604800');
  expect(response.json().notFoundTitle).toBe('Nie znaleziono strony');
  const refused = await callShop('funkfix.localhost', '/api/translations/pl/common');
  expect(refused.status).toBe(404);
  expect(refused.json().code).toBe('UNKNOWN_LOCALE');
  const manifest = await callShop('callhome.localhost', '/api/manifest');
  expect(manifest.json().name).toBe('CallHome');
});

test("the bare host passes the caller's X-Tenant-Id on, and refuses a call without one", async () => {
  const call = (headers: Record<string, string>) =>
    callShop('localhost', '/api/translations/pl/common', headers);
  expect((await call({ 'X-Tenant-Id': 'ladeplatz' })).status).toBe(200);
  const refused = await call({});
  expect(refused.status).toBe(400);
  expect(refused.json().code).toBe('UNKNOWN_TENANT');
});

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('each page has a title of its own, after the shop name only on the main page', async ({ page }) => {
  await page.goto(shopUrl('funkfix'));
  await expect(page).toHaveTitle('FunkFix');
  await page.goto(shopUrl('funkfix', '/shop/checkout/cart'));
  await expect(page).toHaveTitle('Warenkorb – FunkFix');
  await page.goto(shopUrl('funkfix', '/shop/checkout/payment'));
  await expect(page).toHaveTitle('Zahlung – FunkFix');
  await page.goto(shopUrl('funkfix', '/terms'));
  await expect(page).toHaveTitle('AGB | FunkFix');
  await page.goto(shopUrl('funkfix', '/no-such-page'));
  await expect(page).toHaveTitle('Seite nicht gefunden | FunkFix');
});
