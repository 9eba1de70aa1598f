import { addTopup, choosePayment, expectOutcome, payByCard, payerPage, testCards } from './checkout';
import { expect, test } from './fixtures';

const funkfix = { phone: 'Handynummer', next: 'Weiter' };

test('funkfix: a card with 3-D Secure, once authenticated, is paid', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '15 €', phone: '0170 1234567', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await expect(page.getByRole('list', { name: 'Akzeptierte Karten' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Mastercard' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visa' })).toBeVisible();

  await page.getByRole('button', { name: '15 € bezahlen' }).click();
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.threeDSecure);
  await expect(page).toHaveURL(/\/3ds/);
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(page.getByTestId('order-number')).toHaveText(/^FUN-[A-Z0-9]{8}$/);
  await expect(page.getByTestId('amount-charged')).toHaveText('15 €');
});

test('funkfix: a declined card shows why and the shopper pays on a second try', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '20 €', phone: '0171 2345678', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await page.getByRole('button', { name: '20 € bezahlen' }).click();
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.decline);

  await expectOutcome(page, 'Deine Zahlung wurde abgelehnt.');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
  await expect(page.getByTestId('cart-line')).toContainText('FunkFix 20 €');

  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await page.getByRole('button', { name: '20 € bezahlen' }).click();
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
});

test('funkfix: a payment cancelled at the provider can be tried again', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '10 €', phone: '0175 3456789', labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'PayPal' });
  await page.getByRole('button', { name: '10 € bezahlen' }).click();
  await expect(page).toHaveURL(payerPage);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expectOutcome(page, 'Deine Zahlung wurde abgebrochen.');
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
});
