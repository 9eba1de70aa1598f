import { payByCard, payerPage, resultPage, sandboxUrl, uniqueNumber } from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/**
 * The mobile-app flow (decision 0050, docs/mobile-app.md): the sandbox's app simulator opens
 * callhome with a signed entry link; the shop sells the app's calling cards in the app's currency,
 * asks for the address and hands the shopper back to the app by a deep link.
 */

/** Opens callhome as the phone app does, for a new number; answers the number. */
async function openFromApp(page: Page, currency: 'GBP' | 'EUR'): Promise<string> {
  const msisdn = uniqueNumber('+4456', 8);
  await page.goto(`${sandboxUrl}/app-simulator`);
  await page.getByLabel('Shop').selectOption('callhome');
  await page.getByLabel('Phone number').fill(msisdn);
  await page.getByLabel('Currency').selectOption(currency);
  await page.getByRole('button', { name: 'Open shop' }).click();
  await expect(page).toHaveURL(shopUrl('callhome'));
  return msisdn;
}

const card = (page: Page, price: string) =>
  page.getByTestId('product-card').filter({ has: page.getByText(price, { exact: true }) });

test('the app buys a calling card of its own and gets the deep link with the order number', async ({
  page,
}) => {
  const msisdn = await openFromApp(page, 'GBP');
  await card(page, '£15')
    .getByRole('button', { name: /to the cart/ })
    .click();
  await expect(page).toHaveURL(/\/shop\/checkout\/cart$/);
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  const form = page.getByTestId('payment-form');
  await form.getByRole('textbox', { name: /e-?mail/i }).fill('amira@example.org');
  // The app flow asks for the address (spec §3), and says which part is missing.
  await form.getByRole('radio', { name: /card/i }).check();
  await form.getByTestId('withdrawal-consent').check();
  await form.getByRole('button', { name: /order|pay/i }).click();
  await expect(form.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expect(form.getByText('Please enter your first name.')).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByRole('textbox', { name: 'First name' }).fill('Amira');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Khan');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('NW1 6XE');
  await form.getByRole('textbox', { name: 'Town or city' }).fill('London');
  await form.getByRole('textbox', { name: 'Street' }).fill('Baker Street');
  await form.getByRole('textbox', { name: 'House number' }).fill('221B');
  await form.getByRole('button', { name: /order|pay/i }).click();
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), '4111 1111 1111 1111');

  await expect(page).toHaveURL(resultPage);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'Success', {
    timeout: 25_000,
  });
  const orderNumber = new URL(page.url()).searchParams.get('orderNumber');
  const pin = await page.getByTestId('voucher-pin').locator('code').textContent();
  expect(pin ?? '').toMatch(/\d{6,}/);
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/app-simulator/return\\?`));
  const params = page.getByTestId('deep-link-params');
  await expect(params.locator('[data-param="orderNumber"]')).toHaveText(orderNumber ?? '');
  await expect(params.locator('[data-param="outcome"]')).toHaveText('success');
  // callhome hands numbers to its app without the + (spec §5).
  await expect(params.locator('[data-param="msisdn"]')).toHaveText(msisdn.slice(1));
  expect(await params.textContent()).not.toContain(pin ?? '');
});

test('the app sells in its own currency; the web never lists the app’s cards', async ({ page }) => {
  await openFromApp(page, 'EUR');
  const prices = page.getByTestId('product-card');
  await expect(prices).toHaveCount(2);
  await expect(prices.filter({ hasText: '£' })).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(shopUrl('callhome'));
  await expect(page.getByTestId('product-card').filter({ hasText: '£10' })).toHaveCount(1);
  await expect(card(page, '£15')).toHaveCount(0);
  await expect(page.getByTestId('product-card').filter({ hasText: '€' })).toHaveCount(0);
});

test('an entry link opens the shop once; a used or forged one says so', async ({ page }) => {
  const link = async (body: Record<string, unknown>) => {
    const response = await fetch(`${sandboxUrl}/app-simulator/entry-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shopId: 'callhome',
        msisdn: uniqueNumber('+4456', 8),
        currency: 'GBP',
        ...body,
      }),
    });
    return ((await response.json()) as { entryUrl: string }).entryUrl;
  };
  const entryUrl = await link({});
  await page.goto(entryUrl);
  await expect(page).toHaveURL(shopUrl('callhome'));
  await expect(card(page, '£15')).toHaveCount(1);

  await page.context().clearCookies();
  await page.goto(entryUrl);
  await expect(page).toHaveURL(shopUrl('callhome', '/app/refused'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link cannot open the shop');
  await expect(card(page, '£15')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(await link({ forge: true }));
  await expect(page).toHaveURL(shopUrl('callhome', '/app/refused'));
});
