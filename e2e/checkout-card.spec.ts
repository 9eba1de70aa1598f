import {
  addTopup,
  choosePayment,
  expectOutcome,
  orderAndPay,
  PAY_BUTTON,
  payByCard,
  payerPage,
  testCards,
} from './checkout';
import { expect, test } from './fixtures';

const funkfix = { phone: 'Handynummer', next: 'Weiter' };

test('funkfix: a card with 3-D Secure, once authenticated, is paid', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '15 €', phone: '0170 1234567', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await expect(page.getByRole('list', { name: 'Akzeptierte Karten' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Mastercard' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visa' })).toBeVisible();

  await orderAndPay(page, '15 €');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.threeDSecure);
  await expect(page).toHaveURL(/\/3ds/);
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(page.getByTestId('order-number')).toHaveText(/^FUN-[A-Z0-9]{8}$/);
  await expect(page.getByTestId('amount-charged')).toHaveText('15 €');
});

test('funkfix: nothing is ordered until the shopper asks for delivery at once, knowing the withdrawal right ends', async ({
  page,
}) => {
  await addTopup(page, 'funkfix', { amount: '15 €', phone: '0170 1234567', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  const form = page.getByTestId('payment-form');
  await form.getByRole('textbox', { name: /e-?mail/i }).fill('kim@example.com');
  await form.getByRole('radio', { name: 'Kreditkarte' }).check();
  await expect(form.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/terms');
  const consent = form.getByRole('checkbox', { name: /Widerrufsrecht damit erlischt/ });
  await expect(consent).not.toBeChecked();

  await orderAndPay(page, '15 €');
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(
    /Bitte bestätige, dass die Lieferung sofort beginnen soll\./,
  );
  await expect(page).toHaveURL(/\/shop\/checkout\/payment/);

  await consent.check();
  await expect(form.getByText('Bitte bestätige, dass die Lieferung sofort beginnen soll.')).toBeHidden();
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expect(page).toHaveURL(payerPage);
});

test('funkfix: a declined card shows why and the shopper pays on a second try', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '20 €', phone: '0171 2345678', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, '20 €');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.decline);

  await expectOutcome(page, 'Deine Zahlung wurde abgelehnt.');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
  await expect(page.getByTestId('cart-line')).toContainText('FunkFix 20 €');

  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, '20 €');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
});

test('funkfix: a payment cancelled at the provider can be tried again', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '10 €', phone: '0175 3456789', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'PayPal' });
  await orderAndPay(page, '10 €');
  await expect(page).toHaveURL(payerPage);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expectOutcome(page, 'Deine Zahlung wurde abgebrochen.');
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
});
