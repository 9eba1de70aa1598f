import { cartNameAnswerSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { callApi } from './accounts';
import {
  choosePayment,
  ownClientAddress,
  PAY_BUTTON,
  payByCard,
  payerPage,
  sandboxUrl,
  testCards,
  uniqueNumber,
} from './checkout';
import { type BrowserContext, expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl, tenant } from './shop';

/** Kartenkiosk loads its fraud-prevention script on the checkout pages and sends the device id. */
const SHOP = 'kartenkiosk';
const DEVICE_ID_SCRIPT = `${sandboxUrl}/device-id/${SHOP}.js`;
const REFUSED = 'Wir konnten diese Zahlung nicht annehmen.';

/** A cart of the shop with a FunkFix top-up, as its own form would make it, kept for the browser. */
async function cartInBrowser(context: BrowserContext, shopId: string, productId: string, prefix: string) {
  const { cartName } = await callApi(tenant(shopId), '/api/shop/rest/addToCart', cartNameAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({ items: [{ productId, phoneNumber: uniqueNumber(prefix) }] }),
  });
  await context.addCookies([{ name: COOKIE_NAMES.cartName, value: cartName, url: shopUrl(shopId, '/') }]);
  await ownClientAddress(context, shopId);
  return cartName;
}

/** Every URL the context's pages ask for. */
function requestsOf(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

const storedDeviceId = (page: Page) => page.evaluate(() => window.localStorage.getItem('deviceId'));

/** The device id the script handed the page, once it has. */
async function deviceIdOnPage(page: Page): Promise<string> {
  await expect.poll(() => storedDeviceId(page)).toMatch(/^dev_[0-9a-f]{32}$/);
  return (await storedDeviceId(page)) as string;
}

/** The payment as the sandbox provider shows it (`GET /psp/payments/{id}`). */
async function providerPayment(payerUrl: string) {
  const paymentId = new URL(payerUrl).pathname.split('/').pop();
  const response = await fetch(`${sandboxUrl}/psp/payments/${paymentId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { deviceId: string | null; fraudnetSessionId: string | null };
}

test('kartenkiosk: a card purchase sends the device id its script made; the commit clears it', async ({
  page,
  context,
}) => {
  const requests = requestsOf(context);
  await cartInBrowser(context, SHOP, 'funkfix-topup-1500', '+49170');

  const cart = await page.goto(shopUrl(SHOP, '/shop/checkout/cart'));
  // The page allows exactly the script's origin, and loads the script.
  expect(cart?.headers()['content-security-policy']).toContain(`script-src 'self'`);
  expect(cart?.headers()['content-security-policy']).toMatch(
    new RegExp(`script-src [^;]*${sandboxUrl.replace(/[.]/g, '\\.')}`),
  );
  const deviceId = await deviceIdOnPage(page);
  expect(requests).toContain(DEVICE_ID_SCRIPT);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
  // The script runs again on this page; the checkout keeps its one device id.
  await expect.poll(() => requests.filter((url) => url === DEVICE_ID_SCRIPT).length).toBe(2);
  expect(await storedDeviceId(page)).toBe(deviceId);
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: PAY_BUTTON }).click();

  await expect(page).toHaveURL(payerPage);
  expect(await providerPayment(page.url())).toMatchObject({ deviceId, fraudnetSessionId: null });
  await payByCard(page.locator('body'), testCards.approve);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'Success', {
    timeout: 25_000,
  });
  await expect.poll(() => storedDeviceId(page)).toBeNull();
});

test('kartenkiosk: PayPal carries FraudNet’s session id with the device id', async ({ page, context }) => {
  await cartInBrowser(context, SHOP, 'funkfix-topup-1000', '+49170');
  await page.goto(shopUrl(SHOP, '/shop/checkout/payment'));
  const deviceId = await deviceIdOnPage(page);
  await choosePayment(page, { email: 'kim@example.com', method: 'PayPal' });
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expect(page).toHaveURL(payerPage);
  expect(await providerPayment(page.url())).toMatchObject({
    deviceId,
    fraudnetSessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
});

test('kartenkiosk: a device the provider declines gets a message on the payment step, and no payment starts', async ({
  page,
  context,
}) => {
  await cartInBrowser(context, SHOP, 'funkfix-topup-2000', '+49170');
  await page.goto(shopUrl(SHOP, '/shop/checkout/payment'));
  const deviceId = await deviceIdOnPage(page);
  const declined = await fetch(`${sandboxUrl}/psp/fraud/declined-devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId }),
  });
  expect(declined.status).toBe(201);

  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
  await expect(page.getByRole('button', { name: PAY_BUTTON })).toBeEnabled();
  expect(await storedDeviceId(page)).toBe(deviceId);
  await expectNoAxeViolations(page);
});

test('funkfix and ladeplatz, without deviceIDSwitch, load no device-id script and allow none', async ({
  page,
  context,
}) => {
  const requests = requestsOf(context);
  for (const [shopId, productId, prefix] of [
    ['funkfix', 'funkfix-topup-1500', '+49170'],
    ['ladeplatz', 'funkfix-topup-1500', '+49170'],
  ] as const) {
    await cartInBrowser(context, shopId, productId, prefix);
    for (const path of ['/shop/checkout/cart', '/shop/checkout/payment']) {
      const answer = await page.goto(shopUrl(shopId, path));
      await page.waitForLoadState('networkidle');
      const scripts = /script-src ([^;]*)/.exec(answer?.headers()['content-security-policy'] ?? '')?.[1];
      expect(scripts, `${shopId} ${path}`).not.toContain(sandboxUrl);
      expect(await storedDeviceId(page)).toBeNull();
    }
  }
  expect(requests.filter((url) => url.includes('/device-id/'))).toEqual([]);
});
