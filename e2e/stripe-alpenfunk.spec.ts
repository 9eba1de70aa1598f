import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { ports } from '../playwright.config';
import { signIn } from './account-sessions';
import { uniqueEmail } from './accounts';
import {
  addTopup,
  choosePayment,
  chooseTopupType,
  confirmNumberByCode,
  expectOutcome,
  operatorBalance,
  orderAndPay,
  ownClientAddress,
  PAY_BUTTON,
  payByCard,
  sandboxUrl,
  uniqueNumber,
} from './checkout';
import { expect, type Page, test } from './fixtures';
import { dtoneTransactionsTo, twilioMessagesTo } from './providers';
import { expectNoAxeViolations, shopUrl } from './shop';

/**
 * alpenfunk collects cards and PayPal through Stripe (in the journeys' stack, the sandbox's
 * stand-in of Stripe's API and its hosted Checkout page): the journeys a shopper and the staff
 * take there (decision 0068). Its messages go through Twilio and its top-ups through DT One, also
 * the sandbox's stand-ins (decisions 0069, 0070).
 */

const labels = { phone: 'Handynummer', next: 'Weiter' };
const DONE = 'Deine Bestellung ist abgeschlossen. Vielen Dank!';

/** Stripe's Checkout page and its 3-D Secure step, on the sandbox. */
const stripeCheckout = new RegExp(`^${sandboxUrl}/stripe/checkout/cs_test_\\w+`);
const stripeAuthentication = new RegExp(`^${sandboxUrl}/stripe/authenticate/pi_\\w+`);

/** Stripe's test cards (docs/payments.md). */
const STRIPE_CARDS = {
  approve: '4242 4242 4242 4242',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0027 6000 3184',
};

/** A 15 € top-up for a fresh AlpenFunk number, ordered by card: the shopper lands on Stripe's page. */
async function topupToStripe(page: Page): Promise<string> {
  const msisdn = uniqueNumber('+43660');
  await addTopup(page, 'alpenfunk', { amount: '15 €', phone: msisdn, labels });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: `shopper-${randomUUID()}@example.com`, method: 'Kreditkarte' });
  await orderAndPay(page, '15 €');
  await expect(page).toHaveURL(stripeCheckout);
  return msisdn;
}

test('alpenfunk: a card top-up through Stripe with 3-D Secure and DT One credits the number once', async ({
  page,
}) => {
  const msisdn = await topupToStripe(page);
  const before = await operatorBalance(msisdn);
  await expect(page.getByText('€15.00').first()).toBeVisible();
  await payByCard(page.locator('body'), STRIPE_CARDS.threeDSecure);
  await expect(page).toHaveURL(stripeAuthentication);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expectOutcome(page, DONE);
  await expect(page.getByTestId('amount-charged')).toHaveText('15 €');
  await expect.poll(() => operatorBalance(msisdn)).toBe(before + 1500);
  // Through DT One (the sandbox's stand-in): one transaction, completed.
  expect(await dtoneTransactionsTo(msisdn)).toEqual(['COMPLETED']);
  await page.reload();
  await expectOutcome(page, DONE);
  expect(await operatorBalance(msisdn)).toBe(before + 1500);
});

test('alpenfunk: a declined card stays on Stripe’s page, and the next card pays', async ({ page }) => {
  const msisdn = await topupToStripe(page);
  const before = await operatorBalance(msisdn);
  await payByCard(page.locator('body'), STRIPE_CARDS.insufficientFunds);
  await expect(page).toHaveURL(stripeCheckout);
  await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
  expect(await operatorBalance(msisdn)).toBe(before);
  await payByCard(page.locator('body'), STRIPE_CARDS.approve);
  await expectOutcome(page, DONE);
  await expect.poll(() => operatorBalance(msisdn)).toBe(before + 1500);
});

test('alpenfunk: Cancel on Stripe’s page ends the attempt at once, and the shopper pays on a second try', async ({
  page,
}) => {
  const msisdn = await topupToStripe(page);
  const before = await operatorBalance(msisdn);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectOutcome(page, 'Deine Zahlung konnte nicht abgeschlossen werden.');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
  await choosePayment(page, { email: `shopper-${randomUUID()}@example.com`, method: 'Kreditkarte' });
  await orderAndPay(page, '15 €');
  await expect(page).toHaveURL(stripeCheckout);
  await payByCard(page.locator('body'), STRIPE_CARDS.approve);
  await expectOutcome(page, DONE);
  await expect.poll(() => operatorBalance(msisdn)).toBe(before + 1500);
});

test('alpenfunk: the demo account pays with its saved Stripe card, without leaving the shop', async ({
  page,
}) => {
  await signIn(page.context(), 'alpenfunk');
  const msisdn = uniqueNumber('+43660');
  const before = await operatorBalance(msisdn);
  await addTopup(page, 'alpenfunk', { amount: '15 €', phone: msisdn, labels });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  const form = page.getByTestId('payment-form');
  const saved = form.getByTestId('saved-methods');
  await expect(saved).toContainText('Demo card');
  await saved.getByRole('radio', { name: /Demo card/ }).check();
  await form.getByTestId('withdrawal-consent').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expectOutcome(page, DONE);
  await expect.poll(() => operatorBalance(msisdn)).toBe(before + 1500);
});

test('alpenfunk: a low-balance top-up set up with a card on Stripe (its code sent through Twilio) runs when the balance falls', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await ownClientAddress(page.context(), 'alpenfunk');
  const msisdn = uniqueNumber('+43660');
  await page.goto(shopUrl('alpenfunk'));
  const form = page.getByTestId('topup-form');
  await chooseTopupType(
    form,
    form.getByRole('radio', { name: 'Automatisch', exact: true }),
    'auto-topup-setup',
  );
  await form
    .getByTestId('auto-topup-setup')
    .getByRole('radio', { name: 'Wenn mein Guthaben knapp wird' })
    .check();
  await form.getByRole('radio', { name: '15 €', exact: true }).check();
  await form.getByRole('textbox', { name: labels.phone }).fill(msisdn);
  await form.getByRole('button', { name: labels.next, exact: true }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();

  const payment = page.getByTestId('payment-form');
  await payment.getByRole('textbox', { name: /e-?mail/i }).fill(uniqueEmail('stripe-auto'));
  await payment.getByLabel('Passwort für dein Konto', { exact: true }).fill('Auto-Topup-Passw0rd-9');
  // PayPal through Stripe is paid once, never kept: only the card can pay for a set-up.
  await expect(payment.getByRole('radio', { name: 'PayPal' })).toHaveCount(0);
  await payment.getByRole('radio', { name: 'Kreditkarte' }).check();
  await payment.getByTestId('withdrawal-consent').check();
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await confirmNumberByCode(page, msisdn, 'de');
  // The one-time code went through Twilio (the sandbox's stand-in), which delivered it.
  await expect
    .poll(async () => (await twilioMessagesTo(msisdn)).map(({ from, status }) => `${from} ${status}`))
    .toEqual(['AlpenFunk delivered']);
  await expect(page).toHaveURL(stripeCheckout);
  await payByCard(page.locator('body'), STRIPE_CARDS.approve);
  await expectOutcome(page, DONE);
  await expect(page.getByTestId('auto-topup-setups')).toContainText('15 €');

  const event = await fetch(`${sandboxUrl}/operator/events/low-balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, balance: 100 }),
  });
  expect(event.status).toBe(202);
  // The saved card is charged at Stripe without the shopper, and the number topped up once.
  await expect.poll(() => operatorBalance(msisdn), { timeout: 30_000 }).toBe(100 + 1500);
});

/** The demo staff's code secret (README). */
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32('JBSWY3DPEHPK3PXP'), period: 30 });

test('alpenfunk: an admin refunds part of a Stripe payment in the back office', async ({ page }) => {
  await topupToStripe(page);
  await payByCard(page.locator('body'), STRIPE_CARDS.approve);
  await expectOutcome(page, DONE);
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  // Stripe sends the shopper back naming the Checkout Session they paid in.
  const sessionId = new URL(page.url()).searchParams.get('paymentId');
  expect(sessionId).toMatch(/^cs_test_\w+$/);

  const backoffice = `http://127.0.0.1:${ports.api}/backoffice`;
  const left = totp.period * 1000 - (Date.now() % (totp.period * 1000));
  if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const session = await page.request.post(`http://127.0.0.1:${ports.api}/api/backoffice/auth/sign-in`, {
    data: { email: 'admin@platform.example', password: 'Staff-Passw0rd!', totp: totp.generate() },
  });
  expect(session.status(), await session.text()).toBe(200);
  await page.goto(`${backoffice}/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page.getByTestId('loading')).toHaveCount(0);

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
  await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('4,00');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Goodwill after a slow top-up');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText('€4.00 was refunded.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const payment = page.getByRole('region', { name: 'The order’s payments' }).getByRole('row').nth(1);
  await expect(payment.getByRole('cell')).toHaveText([
    'creditcard',
    /REFUNDED/,
    '€15.00',
    '€4.00',
    '€11.00',
    /./,
  ]);

  // The back office names where the payment is, and Stripe holds the same: one refund of 4 €.
  const order = await page.request.get(`http://127.0.0.1:${ports.api}/api/backoffice/orders/${orderNumber}`);
  expect((await order.json()).payments[0]).toMatchObject({
    provider: 'stripe',
    providerPaymentId: sessionId,
  });
  const stripeSession = await fetch(
    `${sandboxUrl}/v1/checkout/sessions/${sessionId}?expand[]=payment_intent.latest_charge`,
    { headers: { authorization: 'Bearer sk_test_sandbox' } },
  );
  const { payment_intent } = (await stripeSession.json()) as {
    payment_intent: { latest_charge: { amount_refunded: number } };
  };
  expect(payment_intent.latest_charge.amount_refunded).toBe(400);
});
