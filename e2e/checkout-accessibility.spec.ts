import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import {
  addTopup,
  choosePayment,
  expectOutcome,
  orderAndPay,
  payByCard,
  payerPage,
  testCards,
  uniqueNumber,
} from './checkout';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

const funkfix = { phone: 'Handynummer', next: 'Weiter' };

test('belwaarde: the payment page with a bank to choose, in the dark theme too', async ({
  page,
  context,
}) => {
  await addTopup(page, 'belwaarde', {
    amount: '€ 20',
    phone: uniqueNumber('06', 8),
    labels: { phone: 'Mobiel nummer', next: 'Doorgaan' },
  });
  await choosePayment(page, { email: 'sam@example.com', method: 'iDEAL' });
  await page.getByRole('button', { name: 'Bestellen met betalingsverplichting' }).click();
  await expect(page.getByText('Kies je bank.')).toBeVisible();
  await expectNoAxeViolations(page);

  await context.addCookies([{ name: COOKIE_NAMES.theme, value: 'dark', url: shopUrl('belwaarde', '/') }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await choosePayment(page, { email: 'sam@example.com', method: 'Creditcard' });
  await expectNoAxeViolations(page);
});

test('funkfix: the one-time code dialog', async ({ page }) => {
  await addTopup(page, 'funkfix', {
    amount: '15 €',
    phone: uniqueNumber('+49171'),
    labels: funkfix,
  });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'otp@example.com', method: 'Kreditkarte' });
  await page.getByRole('checkbox', { name: 'Zahlungsart für künftige Zahlungen speichern' }).check();
  await orderAndPay(page, '15 €');
  await expect(page.getByRole('dialog', { name: 'Handynummer bestätigen' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('funkfix: the result page, declined and paid', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '5 €', phone: '0170 7654321', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, '5 €');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.decline);
  await expectOutcome(page, 'Deine Zahlung wurde abgelehnt.');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, '5 €');
  await payByCard(page.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expectNoAxeViolations(page);
});

test('an unknown order says so', async ({ page }) => {
  await page.goto(
    shopUrl('funkfix', '/shop/checkout/result?cartName=nothing-here-at-all&orderNumber=FUN-00000000'),
  );
  await expect(page.getByTestId('payment-result')).toContainText(
    'Diese Bestellung konnten wir nicht finden.',
  );
  await expectNoAxeViolations(page);
});
