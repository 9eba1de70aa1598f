import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { openAccountWhilePaying, uniqueEmail } from './accounts';
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
import { expect, type Locator, type Page, test } from './fixtures';
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
  await choosePayment(page, { email: uniqueEmail('otp'), method: 'Kreditkarte' });
  await openAccountWhilePaying(page);
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

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('funkfix: a purchase by keyboard alone, from the number to the result', async ({ page }) => {
  await page.goto(shopUrl('funkfix'));
  const form = page.getByTestId('topup-form');
  await tabTo(page, form.getByRole('textbox', { name: 'Handynummer' }));
  await page.keyboard.type(uniqueNumber('0170'));
  await tabTo(page, form.getByRole('radio', { name: '5 €', exact: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '15 €', exact: true })).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Weiter' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/shop\/checkout\/cart$/);
  await tabTo(page, page.getByRole('link', { name: 'Weiter zur Zahlung' }));
  await page.keyboard.press('Enter');

  const payment = page.getByTestId('payment-form');
  await tabTo(page, payment.getByRole('textbox', { name: /e-?mail/i }));
  await page.keyboard.type('keys@example.com');
  await tabTo(page, payment.getByRole('radio', { name: 'Kreditkarte' }));
  await page.keyboard.press('Space');
  await tabTo(page, payment.getByTestId('withdrawal-consent'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: PAY_BUTTON }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(payerPage);
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(testCards.approve);
  await tabTo(page, page.getByLabel('Expiry (MM/YY)'));
  await page.keyboard.type(`12/${year}`);
  await tabTo(page, page.getByLabel('CVC'));
  await page.keyboard.type('123');
  await tabTo(page, page.getByRole('button', { name: 'Approve' }));
  await page.keyboard.press('Enter');
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
});
