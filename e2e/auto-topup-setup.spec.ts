import { autoTopupRowsAnswerSchema, orderHistoryAnswerSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { signIn } from './account-sessions';
import { callApi, ownClientAddress, uniqueEmail } from './accounts';
import {
  addTopup,
  chooseTopupType,
  confirmNumberByCode,
  expectOutcome,
  operatorBalance,
  PAY_BUTTON,
  payByCard,
  payerPage,
  sandboxUrl,
  testCards,
  uniqueNumber,
} from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl, tenant } from './shop';

/**
 * The journeys of a signed-in demo account use topnet's: other journeys count the orders of
 * funkfix's, and every run here adds some.
 */
const SIGNED_IN_SHOP = 'topnet';
const topnet = { phone: 'Mobile number', next: 'Continue' };

/** The session the browser holds for a shop: the API's bearer for the shopper's own calls. */
async function bearer(page: Page, shopId: string): Promise<Record<string, string>> {
  const cookies = await page.context().cookies(shopUrl(shopId, '/'));
  const session = cookies.find((cookie) => cookie.name === COOKIE_NAMES.accessToken);
  if (!session) throw new Error('No session in the browser');
  return { authorization: `Bearer ${session.value}` };
}

/** The shopper's automatic top-ups of a number, as the account's list reads them. */
async function autoTopupsOf(page: Page, shopId: string, msisdn: string) {
  const { rows } = await callApi(tenant(shopId), '/api/topup/autotopup/query', autoTopupRowsAnswerSchema, {
    method: 'POST',
    headers: await bearer(page, shopId),
    body: JSON.stringify({ msisdn }),
  });
  return rows;
}

/** A shop's main page with the automatic top-up chosen, once the form runs. */
async function automaticForm(page: Page, shopId: string, label: string) {
  await ownClientAddress(page.context(), shopId);
  await page.goto(shopUrl(shopId));
  const form = page.getByTestId('topup-form');
  await chooseTopupType(form, form.getByRole('radio', { name: label, exact: true }), 'auto-topup-setup');
  return form;
}

test('funkfix: a new shopper sets up a low-balance top-up, opens an account and pays by card; a low balance then tops the number up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const msisdn = uniqueNumber('+49170');
  const form = await automaticForm(page, 'funkfix', 'Automatisch');
  const setup = form.getByTestId('auto-topup-setup');
  await expect(setup.getByRole('radio', { name: 'Wenn mein Guthaben knapp wird' })).toBeChecked();
  await expect(setup.getByText('Wir laden auf, sobald dein Guthaben unter 5 € fällt.')).toBeVisible();
  await expect(setup.getByRole('checkbox', { name: 'Jetzt nicht aufladen, nur einrichten' })).toHaveCount(0);
  await form.getByRole('radio', { name: '15 €', exact: true }).check();
  await form.getByRole('textbox', { name: 'Handynummer' }).fill(msisdn);
  await expect(setup.getByTestId('auto-topup-summary')).toHaveText(
    '15 € jetzt, danach 15 €, sobald dein Guthaben unter 5 € fällt – bezahlt mit der Zahlungsart, die du jetzt verwendest.',
  );
  await form.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(page).toHaveURL(/\/shop\/checkout\/cart$/);
  await expect(page.getByTestId('auto-topup-line')).toHaveText(
    'Automatische Aufladung, sobald dein Guthaben unter 5 € fällt',
  );
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();

  const payment = page.getByTestId('payment-form');
  const email = uniqueEmail('auto');
  await payment.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  // The account is part of the set-up: no box to tick, a password to choose, and why.
  await expect(payment.getByTestId('create-account')).toHaveCount(0);
  await expect(
    payment.getByRole('region', { name: 'Dein Konto für die automatische Aufladung' }),
  ).toBeVisible();
  await expect(payment.getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fshop%2Fcheckout%2Fpayment',
  );
  await payment.getByLabel('Passwort für dein Konto', { exact: true }).fill('Auto-Topup-Passw0rd-9');
  await payment.getByRole('radio', { name: 'Kreditkarte' }).check();
  await expect(payment.getByTestId('saves-method')).toHaveText(
    'Deine Karte wird für die automatischen Aufladungen gespeichert.',
  );
  await expect(payment.getByRole('checkbox', { name: /künftige Zahlungen speichern/ })).toHaveCount(0);
  await payment.getByTestId('withdrawal-consent').check();
  await expect(page.getByTestId('amount-due')).toContainText('15 €');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: PAY_BUTTON }).click();

  await confirmNumberByCode(page, msisdn, 'de');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(page.getByTestId('auto-topup-setups')).toContainText(
    'Wir laden 15 € auf, sobald dein Guthaben unter 5 € fällt.',
  );

  const [registered] = await autoTopupsOf(page, 'funkfix', msisdn);
  expect(registered).toMatchObject({
    autoTopupType: 'LOW_BALANCE',
    status: 'ENABLED',
    amount: 1500,
    lowBalanceLimit: 500,
    msisdn,
  });
  const history = async () =>
    (
      await callApi(
        tenant('funkfix'),
        '/api/shop/rest/orders/history?offset=0&size=15',
        orderHistoryAnswerSchema,
        {
          headers: await bearer(page, 'funkfix'),
        },
      )
    ).orders;
  const ordersBefore = (await history()).length;

  // The account shows it, active, charged to the card just saved.
  await page.goto(shopUrl('funkfix', '/account/automatic-topups'));
  const topup = page.getByTestId('auto-topup');
  await expect(topup).toHaveCount(1);
  await expect(topup.getByTestId('auto-topup-sentence')).toHaveText(
    /^15\s€ auf .+, sobald das Guthaben unter 5\s€ fällt$/,
  );
  await expect(topup.getByTestId('auto-topup-status')).toHaveText(/Aktiv$/);
  await expect(topup.getByTestId('auto-topup-method')).toContainText('•••• 1111');

  // The operator reports the balance under the limit: the API tops the number up on the saved card.
  const event = await fetch(`${sandboxUrl}/operator/events/low-balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, balance: 300 }),
  });
  expect(event.status).toBe(202);
  await expect.poll(async () => (await history()).length, { timeout: 30_000 }).toBe(ordersBefore + 1);
  await expect.poll(() => operatorBalance(msisdn), { timeout: 30_000 }).toBeGreaterThanOrEqual(1800);
  await page.goto(shopUrl('funkfix', '/account/orders'));
  await expect(page.getByTestId('order-card')).toHaveCount(ordersBefore + 1);
  await page.goto(shopUrl('funkfix', '/account/automatic-topups'));
  await expect(page.getByTestId('auto-topup-charges')).toContainText(/15\s€/);
});

test('topnet: a signed-in shopper pays a once-off top-up with the saved card, without the provider page', async ({
  page,
}) => {
  await signIn(page.context(), SIGNED_IN_SHOP);
  await addTopup(page, SIGNED_IN_SHOP, { amount: '£10', phone: uniqueNumber('+447712', 6), labels: topnet });
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  const payment = page.getByTestId('payment-form');
  const saved = payment.getByTestId('saved-methods').getByRole('radio');
  await expect(saved.first()).toHaveAccessibleName(/^Demo card\s+ending in 1111\s+expires 12\/30$/);
  await expect(payment.getByText('•••• 1111')).toBeVisible();
  await saved.first().check();
  await payment.getByTestId('withdrawal-consent').check();
  const pages: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pages.push(frame.url());
  });
  await page.getByRole('button', { name: 'Order and pay now' }).click();
  await expectOutcome(page, 'Your order is complete. Thank you!');
  await expect(page.getByTestId('amount-charged')).toHaveText('£10');
  expect(pages.some((url) => url.startsWith(sandboxUrl))).toBe(false);
});

test('topnet: a signed-in shopper sets up a low-balance top-up on the saved card without a top-up now', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page.context(), SIGNED_IN_SHOP);
  const msisdn = uniqueNumber('+447712', 6);
  const form = await automaticForm(page, SIGNED_IN_SHOP, 'Automatic');
  const setup = form.getByTestId('auto-topup-setup');
  // topnet offers low balance only, at a limit of £1 or £2.
  await expect(setup.getByRole('radio', { name: 'When my balance runs low' })).toHaveCount(0);
  await setup.getByRole('radio', { name: '£2', exact: true }).check();
  await form.getByRole('radio', { name: '£20', exact: true }).check();
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(msisdn);
  await setup.getByRole('checkbox', { name: 'No top-up now, just set it up' }).check();
  // The only saved method is the one charged.
  await expect(setup.getByRole('radio', { name: /^Demo card/ })).toBeChecked();
  await expect(setup.getByTestId('auto-topup-summary')).toHaveText(
    'Nothing now, then £20 whenever your balance falls under £2, charged to Demo card •••• 1111.',
  );
  await expect(form.getByTestId('topup-total')).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByTestId('auto-topup-line')).toHaveText(
    'Automatic top-up whenever your balance falls under £2 · no top-up now',
  );
  await page.getByRole('link', { name: 'Continue to payment' }).click();
  const payment = page.getByTestId('payment-form');
  await expect(payment.getByRole('group', { name: 'Charge the automatic top-ups to' })).toBeVisible();
  await expect(payment.getByRole('radio', { name: /^Demo card/ })).toBeChecked();
  await expect(payment.getByRole('radio', { name: 'Credit card' })).toHaveCount(0);
  await expect(page.getByTestId('amount-due')).toContainText('£0');
  await expectNoAxeViolations(page);
  await payment.getByTestId('withdrawal-consent').check();
  await page.getByRole('button', { name: 'Set up with obligation to pay' }).click();

  await confirmNumberByCode(page, msisdn, 'en');
  await expect(page).toHaveURL(/\/shop\/checkout\/result\?cartName=[\w-]+&orderNumber=[\w-]+&paymentToken=/);
  await expect(page.getByRole('heading', { name: 'Your automatic top-up is set up' })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByTestId('payment-outcome')).toHaveText(
    'Nothing was charged today. From now on we top up automatically, as you set it up.',
  );
  await expect(page.getByTestId('auto-topup-setups')).toContainText(
    'we top up £20 whenever your balance falls under £2.',
  );
  const [registered] = await autoTopupsOf(page, SIGNED_IN_SHOP, msisdn);
  expect(registered).toMatchObject({
    autoTopupType: 'LOW_BALANCE',
    lowBalanceLimit: 200,
    amount: 2000,
    paymentTokenName: 'Demo card',
    status: 'ENABLED',
  });
});

test.describe('accessibility', () => {
  const themes = [
    { shopId: 'funkfix', theme: 'light' },
    { shopId: 'ladeplatz', theme: 'dark', path: '/shop/mobile/funkfix' },
    { shopId: 'topnet', theme: 'light' },
  ] as const;
  for (const { shopId, theme, ...where } of themes) {
    test(`${shopId}: the form with "automatic" chosen (${theme}) has no axe violation`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      await page.goto(shopUrl(shopId, 'path' in where ? where.path : undefined));
      const form = page.getByTestId('topup-form');
      await chooseTopupType(form, form.locator('input[name=topupType][value=AUTOMATIC]'), 'auto-topup-setup');
      await expectNoAxeViolations(page);
    });
  }

  test('topnet: the payment page with saved cards', async ({ page, context }) => {
    await signIn(context, SIGNED_IN_SHOP);
    await addTopup(page, SIGNED_IN_SHOP, { amount: '£5', phone: uniqueNumber('+447712', 6), labels: topnet });
    await page.getByRole('link', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('saved-methods')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
