import {
  addTopup,
  choosePayment,
  expectOutcome,
  operatorBalance,
  orderAndPay,
  PAY_BUTTON,
  payByCard,
  payerPage,
  sandboxUrl,
  testCards,
  uniqueNumber,
} from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

const funkfix = { phone: 'Handynummer', next: 'Weiter' };

/** A FunkFix top-up for the number, paid by card on the provider's page. */
async function payTopupByCard(page: Page, msisdn: string, amount: string) {
  await addTopup(page, 'funkfix', { amount, phone: msisdn, labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'kim@example.com', method: 'Kreditkarte' });
  await orderAndPay(page, amount);
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
}

/** The provider's view of the payment the shopper came back from. */
async function providerPayment(page: Page) {
  const paymentId = new URL(page.url()).searchParams.get('paymentId');
  const response = await fetch(`${sandboxUrl}/psp/payments/${paymentId}`);
  return (await response.json()) as { status: string; captureMethod: string; capturedAmount: number };
}

test('funkfix: a card top-up is committed: the detailed success page, and the credit on the number', async ({
  page,
}) => {
  const msisdn = uniqueNumber('+49170');
  const before = await operatorBalance(msisdn);
  await payTopupByCard(page, msisdn, '15 €');

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-status', 'Success');
  await expect(page.getByRole('heading', { name: 'Danke für deine Bestellung' })).toBeFocused();
  await expect(result.locator('img[src="/illustrations/payment-success.svg"]')).toHaveAttribute('alt', '');
  await expect(page.getByTestId('order-number')).toHaveText(/^FUN-[A-Z0-9]{8}$/);
  const today = new Intl.DateTimeFormat('de', { dateStyle: 'long' }).format(new Date());
  await expect(page.getByTestId('order-date')).toHaveText(today);
  // The date is the order's own, not the browser's clock.
  await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
  await page.reload();
  await expect(page.getByTestId('order-date')).toHaveText(today);
  await expect(page.getByTestId('amount-charged')).toHaveText('15 €');
  await expect(page.getByTestId('credit-added')).toHaveText('15 €');
  // The number as people write it: +49 170 and the rest.
  await expect(page.getByTestId('topped-up-numbers')).toHaveText(`+49 170 ${msisdn.slice(6)}`);
  await expect(page.getByTestId('payment-reference')).toHaveText(/^FUN-[A-Z0-9]{8}-\d+$/);
  await expect(page.getByTestId('receipt-note')).toHaveText(
    'Die Quittung haben wir an deine E-Mail-Adresse geschickt.',
  );
  expect(await operatorBalance(msisdn)).toBe(before + 1500);

  // The card was only authorized on approval; the commit captured what was delivered.
  expect(await providerPayment(page)).toMatchObject({
    status: 'CAPTURED',
    captureMethod: 'manual',
    capturedAmount: 1500,
  });
  await expectNoAxeViolations(page);

  // Coming back to the page answers the same order again, without a second top-up.
  await page.reload();
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  expect(await operatorBalance(msisdn)).toBe(before + 1500);
});

test('funkfix: a number the operator refuses is not topped up and the payment is given back', async ({
  page,
}) => {
  const msisdn = uniqueNumber('+49171', 7, '9999');
  const before = await operatorBalance(msisdn);
  await payTopupByCard(page, msisdn, '10 €');

  await expectOutcome(page, 'Die Zahlung wurde erstattet.');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'Refunded');
  await expect(page.getByRole('heading', { name: 'Bestellung nicht geliefert' })).toBeFocused();
  await expect(page.getByTestId('payment-outcome-detail')).toHaveText(
    'Wir konnten deine Bestellung nicht liefern, deshalb bekommst du den ganzen Betrag zurück.',
  );
  await expect(page.getByTestId('amount-charged')).toHaveText('0 €');
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  expect(await operatorBalance(msisdn)).toBe(before);
  expect((await providerPayment(page)).capturedAmount).toBe(0);
  await expectNoAxeViolations(page);
});

test('funkfix: a top-up the operator confirms later shows as pending, then as done', async ({ page }) => {
  const msisdn = uniqueNumber('+49175', 7, '8888');
  const before = await operatorBalance(msisdn);
  await payTopupByCard(page, msisdn, '20 €');

  const outcome = page.getByTestId('payment-outcome');
  await expect(outcome).toHaveText('Wir warten auf die Bestätigung deiner Zahlung ...', { timeout: 10_000 });
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'Pending');
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(page.getByTestId('credit-added')).toHaveText('20 €');
  expect(await operatorBalance(msisdn)).toBe(before + 2000);
});

test('ladeplatz: a voucher bought by card shows its PIN, which the copy button copies', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 25 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'alex@example.com', method: 'Kreditkarte' });
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  const frame = page.frameLocator('iframe[title="Sichere Zahlungsseite: Kreditkarte"]');
  await payByCard(frame.locator('body'), testCards.approve);

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(
    page.getByTestId('payment-result').locator('img[src="/illustrations/success-payment.gif"]'),
  ).toHaveAttribute('alt', '');
  const voucher = page.getByTestId('voucher-pin');
  await expect(voucher).toHaveCount(1);
  const pin = (await voucher.locator('code').textContent()) ?? '';
  expect(pin).toMatch(/^\d{16}$/);
  await expect(voucher).toContainText(/Seriennummer\s*PIXELPASS-VOUCHER-2500-\d{4}/);
  await expect(voucher.getByTestId('voucher-redemption')).toHaveText(
    'Öffne PixelPass, wähle „Code einlösen“ und gib den PIN ein. Das Guthaben steht sofort in deinem Konto.',
  );
  await voucher.getByRole('button', { name: 'PIN kopieren' }).click();
  await expect(page.getByText('Die PIN wurde kopiert.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pin);
});
