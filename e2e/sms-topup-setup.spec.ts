import { signIn } from './account-sessions';
import { ownClientAddress } from './accounts';
import { chooseTopupType, confirmNumberByCode, operatorBalance, sandboxUrl, uniqueNumber } from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/**
 * SMS top-ups on belwaarde (decision 0041): registered in the top-up form, then a top-up by an SMS
 * sent from the sandbox operator's page, answered in the outbox.
 */
const SHOP = 'belwaarde';
const SHORT_NUMBER = '4411';

/** The main page with "Via sms" chosen, once the form runs. */
async function smsForm(page: Page) {
  await ownClientAddress(page.context(), SHOP);
  await page.goto(shopUrl(SHOP));
  const form = page.getByTestId('topup-form');
  await chooseTopupType(form, form.getByRole('radio', { name: 'Via sms', exact: true }), 'sms-topup-setup');
  return form;
}

/** Waits for an answer on the outbox page, which shows what had arrived when it was loaded. */
async function expectAnswer(page: Page, text: RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test('belwaarde: a signed-in shopper registers a number for SMS top-ups, then an SMS from the sandbox tops it up and is answered', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page.context(), SHOP);
  const msisdn = uniqueNumber('+31612', 6);
  const form = await smsForm(page);
  const setup = form.getByTestId('sms-topup-setup');
  await expect(setup.getByTestId('sms-example')).toHaveText('KOOP 15 1234');
  await expect(setup).toContainText(`door een sms te sturen naar ${SHORT_NUMBER}`);
  await form.getByRole('textbox', { name: 'Mobiel nummer' }).fill(msisdn);
  // A PIN that is too short is refused before anything is sent.
  await setup.getByLabel('Je sms-pincode (4 tot 6 cijfers)').fill('12');
  await setup.getByRole('checkbox', { name: 'Nu niet opwaarderen, alleen instellen' }).check();
  await expect(setup.getByRole('radio', { name: /^Demo card/ })).toBeChecked();
  await expect(form.getByTestId('topup-total')).toHaveCount(0);
  await form.getByRole('button', { name: 'Doorgaan', exact: true }).click();
  await expect(setup.getByText('Kies een pincode van 4 tot 6 cijfers.')).toBeVisible();
  await setup.getByLabel('Je sms-pincode (4 tot 6 cijfers)').fill('2468');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Doorgaan', exact: true }).click();

  // belwaarde goes straight to the payment step.
  const payment = page.getByTestId('payment-form');
  await expect(payment.getByRole('group', { name: 'Opwaarderen per sms afschrijven van' })).toBeVisible();
  await expect(payment.getByRole('radio', { name: /^Demo card/ })).toBeChecked();
  await expect(page.getByTestId('amount-due')).toContainText('€ 0');
  await payment.getByTestId('withdrawal-consent').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Instellen met betalingsverplichting' }).click();

  await confirmNumberByCode(page, msisdn, 'nl');
  await expect(page.getByRole('heading', { name: 'Opwaarderen per sms is ingesteld' })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByTestId('sms-topup-setups')).toContainText(`stuur KOOP 15 1234 naar ${SHORT_NUMBER}`);
  await expectNoAxeViolations(page);
  const before = await operatorBalance(msisdn);

  // The shopper texts the shop from the sandbox operator's page; the answer lands in the outbox.
  await page.goto(
    `${sandboxUrl}/operator/sms?${new URLSearchParams({ from: msisdn, to: SHORT_NUMBER, text: 'KOOP 15 2468' })}`,
  );
  await page.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page.getByRole('status')).toContainText('SMS sent');
  await expect.poll(() => operatorBalance(msisdn), { timeout: 30_000 }).toBe(before + 1500);
  await page.getByRole('link', { name: 'Answers in the outbox' }).click();
  await expectAnswer(page, /BelWaarde: €\s?15(,00)? is opgewaardeerd op/);

  // A wrong PIN tops up nothing and says how many tries are left.
  await page.goto(
    `${sandboxUrl}/operator/sms?${new URLSearchParams({ from: msisdn, to: SHORT_NUMBER, text: 'KOOP 15 1111' })}`,
  );
  await page.getByRole('button', { name: 'Send SMS' }).click();
  await page.getByRole('link', { name: 'Answers in the outbox' }).click();
  await expectAnswer(page, /die pincode klopt niet\. Nog 4 pogingen/);
  expect(await operatorBalance(msisdn)).toBe(before + 1500);
});
