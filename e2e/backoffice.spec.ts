import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { ports } from '../playwright.config';
import {
  addTopup,
  choosePayment,
  expectOutcome,
  orderAndPay,
  PAY_BUTTON,
  payByCard,
  payerPage,
  testCards,
  uniqueNumber,
} from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/** The staff's back office, served by the API on its own origin (decision 0066). */
const backoffice = `http://127.0.0.1:${ports.api}/backoffice`;
const staffApi = `http://127.0.0.1:${ports.api}/api/backoffice`;

/** The demo staff (README): one password and one code secret for all four. */
const STAFF = {
  admin: 'admin@platform.example',
  support: 'support@funkfix.example',
};
const PASSWORD = 'Staff-Passw0rd!';
const totp = new OTPAuth.TOTP({
  secret: OTPAuth.Secret.fromBase32('JBSWY3DPEHPK3PXP'),
  digits: 6,
  period: 30,
  algorithm: 'SHA1',
});

/**
 * The current one-time code. In a step's last two seconds it waits for the next step: a code the
 * API reads after another journey has signed the same member in with the next step's is refused.
 */
async function currentCode(): Promise<string> {
  const left = totp.period * 1000 - (Date.now() % (totp.period * 1000));
  if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return totp.generate();
}

/**
 * Opens `path` without a session, which shows the sign-in page, and signs in there: the back
 * office then goes on to the page asked for.
 */
async function signInThroughForm(page: Page, email: string, path = '/') {
  await page.goto(`${backoffice}${path}`);
  await expect(page).toHaveURL(new RegExp(`^${backoffice}/sign-in`));
  await expect(page).toHaveTitle('Sign in – Back office');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('One-time code').fill(await currentCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the browser's context in with a call: its session cookie then opens every page. */
async function signInByCall(page: Page, email: string) {
  const answer = await page.request.post(`${staffApi}/auth/sign-in`, {
    data: { email, password: PASSWORD, totp: await currentCode() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Opens a page of the back office and waits until it has read what it shows. */
async function openPage(page: Page, path: string, heading: string) {
  await page.goto(`${backoffice}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByTestId('loading')).toHaveCount(0);
}

/** Every signed-in page, on the demo account of funkfix and its newest order. */
async function signedInPages(page: Page): Promise<{ path: string; heading: string }[]> {
  const demo = 'demo@funkfix.example';
  const orders = await page.request.get(`${staffApi}/orders?q=${demo}`);
  const customers = await page.request.get(`${staffApi}/customers?q=${demo}`);
  const { orderNumber } = (await orders.json()).items[0];
  const { customerId } = (await customers.json()).items[0];
  return [
    { path: '/orders', heading: 'Orders' },
    { path: `/orders/${orderNumber}`, heading: `Order ${orderNumber}` },
    { path: '/customers', heading: 'Customers' },
    { path: `/customers/${customerId}`, heading: demo },
    { path: '/audit', heading: 'Audit log' },
    { path: '/staff', heading: 'Staff' },
  ];
}

/**
 * A guest's 15 € top-up in funkfix, paid by card: bought once per worker, as its journeys only
 * refund part of it (10 € stay refundable) or refund nothing.
 */
let paidOrder: Promise<{ orderNumber: string; phone: string }> | undefined;
function funkfixOrder(page: Page) {
  paidOrder ??= (async () => {
    const phone = uniqueNumber('0170');
    await addTopup(page, 'funkfix', {
      amount: '15 €',
      phone,
      labels: { phone: 'Handynummer', next: 'Weiter' },
    });
    await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
    await choosePayment(page, { email: `shopper-${randomUUID()}@example.com`, method: 'Kreditkarte' });
    await orderAndPay(page, '15 €');
    await expect(page).toHaveURL(payerPage);
    await payByCard(page.locator('body'), testCards.approve);
    await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    return { orderNumber, phone };
  })();
  return paidOrder;
}

test('an admin finds an order by the number as typed, reads its timeline and refunds part of it once', async ({
  page,
}) => {
  const { orderNumber, phone } = await funkfixOrder(page);

  await signInThroughForm(page, STAFF.admin);
  await expect(page).toHaveURL(`${backoffice}/orders`);
  await expect(page.getByRole('banner')).toContainText(STAFF.admin);
  await expect(page.getByTestId('staff-role')).toHaveText('Admin');
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText([
    'Orders',
    'Customers',
    'Audit log',
    'Staff',
  ]);

  const search = page.getByRole('search', { name: 'Find orders' });
  await search.getByRole('searchbox', { name: 'Search' }).fill(`${phone.slice(0, 4)} ${phone.slice(4)}`);
  await search.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'FunkFix' });
  await search.getByRole('button', { name: 'Search' }).click();
  // The filters live in the address, so a reload shows the same list.
  await expect(page).toHaveURL(/[?&]shopId=funkfix/);
  await page.reload();
  const rows = page.getByRole('region', { name: 'Orders, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('€15.00');
  await rows.nth(1).getByRole('link', { name: orderNumber }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page).toHaveTitle(`Order ${orderNumber} – Back office`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Order created');
  await expect(timeline).toContainText('Payment captured');

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
  const amount = dialog.getByRole('textbox', { name: 'Amount (EUR)' });
  await expect(amount).toHaveValue('15.00');
  await expectNoAxeViolations(page);
  await amount.fill('5,00');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The shopper asked for part of it back');
  // A double click sends the dialog's one Idempotency-Key at most twice: one refund.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText('€5.00 was refunded.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const payment = page.getByRole('region', { name: 'The order’s payments' }).getByRole('row').nth(1);
  await expect(payment.getByRole('cell')).toHaveText([
    'creditcard',
    /REFUNDED/,
    '€15.00',
    '€5.00',
    '€10.00',
    /./,
  ]);
  await expect(timeline.getByText('Refund by staff')).toHaveCount(1);
  await expect(timeline.getByText('Refund asked for')).toHaveCount(1);
  await expect(timeline).toContainText('The shopper asked for part of it back');
});

test('a support agent resends a receipt, is offered no refund and is refused one', async ({ page }) => {
  const { orderNumber } = await funkfixOrder(page);

  await signInThroughForm(page, STAFF.support, `/orders/${orderNumber}`);
  await expect(page).toHaveURL(`${backoffice}/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page.getByTestId('staff-role')).toHaveText('Support');
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  const resend = page.getByRole('button', { name: 'Resend receipt' });
  await expect(resend).toHaveAccessibleDescription('Goes to the order’s own e-mail address.');
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: 'receipt' })).toHaveText(
    'The receipt is on its way to the order’s e-mail address.',
  );
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Receipt sent again');

  const refund = await page.request.post(`${staffApi}/orders/${orderNumber}/refunds`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { amount: 100, reason: 'Not mine to refund' },
  });
  expect(refund.status()).toBe(403);
  expect((await refund.json()).code).toBe('FORBIDDEN');
});

test('an admin reveals a voucher’s PIN only with a reason, and sends it again to the order’s own address', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 25 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: `shopper-${randomUUID()}@example.com`, method: 'Kreditkarte' });
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await payByCard(
    page.frameLocator('iframe[title="Sichere Zahlungsseite: Kreditkarte"]').locator('body'),
    testCards.approve,
  );
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  const pin = (await page.getByTestId('voucher-pin').locator('code').textContent()) ?? '';

  await signInThroughForm(page, STAFF.admin, `/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  // The PIN is nowhere on the page until it is revealed.
  await expect(page.getByRole('main')).not.toContainText(pin);

  await page.getByRole('button', { name: 'Reveal PINs' }).click();
  const dialog = page.getByRole('dialog', { name: `Reveal the PINs of order ${orderNumber}` });
  const submit = dialog.getByRole('button', { name: 'Reveal PINs' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shopper lost the e-mail; identity checked');
  await submit.click();
  await expect(dialog.getByRole('listitem')).toContainText(pin);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(pin);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('PINs revealed');
  await expect(timeline).toContainText('Shopper lost the e-mail; identity checked');

  await page.getByRole('button', { name: 'Send PINs again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'PINs' })).toHaveText(
    'The PINs are on their way to the order’s own number or address.',
  );
  await expect(timeline).toContainText('PINs sent again');
});

for (const theme of ['light', 'dark'] as const) {
  test(`every page has no axe violation in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await openPage(page, '/sign-in', 'Sign in');
    await expect(page.locator('html')).toHaveCSS(
      'background-color',
      theme === 'dark' ? 'rgb(14, 16, 20)' : 'rgb(246, 247, 249)',
    );
    await expectNoAxeViolations(page);

    await signInByCall(page, STAFF.admin);
    for (const { path, heading } of await signedInPages(page)) {
      await openPage(page, path, heading);
      await expectNoAxeViolations(page);
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every page fits the screen without scrolling sideways, and the theme chosen stays', async ({
    page,
  }) => {
    const fits = async () =>
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    await openPage(page, '/sign-in', 'Sign in');
    await fits();

    await signInByCall(page, STAFF.admin);
    const pages = await signedInPages(page);
    for (const { path, heading } of pages) {
      await openPage(page, path, heading);
      await fits();
    }

    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(14, 16, 20)');
  });
});
