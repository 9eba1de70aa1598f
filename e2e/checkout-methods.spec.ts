import {
  addTopup,
  choosePayment,
  expectOutcome,
  orderAndPay,
  PAY_BUTTON,
  payByCard,
  payerPage,
  resultPage,
  testCards,
  uniqueNumber,
} from './checkout';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

const belwaarde = { phone: 'Mobiel nummer', next: 'Doorgaan' };

test('ladeplatz: PayPal in a frame on the payment page', async ({ page }) => {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 10 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'alex@example.com', method: 'PayPal' });
  await orderAndPay(page, '10,25 €');

  await expect(page.getByRole('heading', { name: 'Mit PayPal bezahlen' })).toBeFocused();
  const frame = page.frameLocator('iframe[title="Sichere Zahlungsseite: PayPal"]');
  await frame.getByLabel('E-mail').fill('alex@example.com');
  await frame.getByLabel('Password').fill('sandbox');
  await frame.getByRole('button', { name: 'Approve' }).click();

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  expect(new URL(page.url()).searchParams.get('token')).toMatch(/^EC-/);
});

test('ladeplatz: a card in a frame on the payment page', async ({ page }) => {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 20 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'alex@example.com', method: 'Kreditkarte' });
  await page.getByRole('button', { name: PAY_BUTTON }).click();

  const frame = page.frameLocator('iframe[title="Sichere Zahlungsseite: Kreditkarte"]');
  await payByCard(frame.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
});

test('belwaarde: online banking with a bank chosen in the shop', async ({ page }) => {
  await addTopup(page, 'belwaarde', { amount: '€ 15', phone: uniqueNumber('06', 8), labels: belwaarde });
  await choosePayment(page, { email: 'sam@example.com', method: 'iDEAL' });
  await page.getByRole('button', { name: 'Bestellen met betalingsverplichting' }).click();
  await expect(page.getByText('Kies je bank.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Je bank' }).selectOption({ label: 'ING' });
  await page.getByRole('button', { name: 'Bestellen met betalingsverplichting' }).click();

  await expect(page).toHaveURL(payerPage);
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('ING');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectOutcome(page, 'Je bestelling is afgerond. Bedankt!');
});

test('belwaarde: a payment link, paid on another page, shows as paid', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await addTopup(page, 'belwaarde', { amount: '€ 10', phone: uniqueNumber('06', 8), labels: belwaarde });
  await choosePayment(page, { email: 'sam@example.com', method: 'Betaallink' });
  await page.getByRole('button', { name: /^Betaallink maken voor/ }).click();

  await expect(page.getByRole('heading', { name: 'Je betaallink' })).toBeFocused();
  const link = page.getByRole('textbox', { name: 'Betaallink' });
  await expect(link).toHaveValue(payerPage);
  await page.getByRole('button', { name: 'Link kopiëren' }).click();
  await expect(page.getByText('De betaallink is gekopieerd.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expectNoAxeViolations(page);

  const [payer] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Betaallink openen (nieuw tabblad)' }).click(),
  ]);
  await expect(payer).toHaveURL(payerPage);
  await payer.getByRole('button', { name: 'Approve' }).click();
  await expect(payer).toHaveURL(resultPage);

  await page.getByRole('link', { name: 'Betaalstatus bekijken' }).click();
  await expectOutcome(page, 'Je bestelling is afgerond. Bedankt!');
});

test('rechargeplus: crypto in the chosen currency', async ({ page }) => {
  const labels = { phone: 'Numéro de mobile', next: 'Continuer' };
  await addTopup(page, 'rechargeplus', { amount: '15 €', phone: uniqueNumber('06', 8), labels });
  await choosePayment(page, { email: 'lou@example.com', method: 'Cryptomonnaie' });
  await page.getByRole('radio', { name: 'ETH' }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

  await expect(page).toHaveURL(payerPage);
  await page.getByRole('radio', { name: 'ETH' }).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectOutcome(page, 'Votre commande est finalisée. Merci !');
});

test('blitzmobil: Apple Pay through its own button and sheet', async ({ page }) => {
  const labels = { phone: 'Handynummer', next: 'Weiter' };
  await addTopup(page, 'blitzmobil', { amount: '25 €', phone: uniqueNumber('+49151'), labels });
  await choosePayment(page, { email: 'jo@example.com', method: 'Apple Pay' });
  await expect(page.getByRole('button', { name: PAY_BUTTON })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mit Apple Pay bezahlen' }).click();

  await expect(page).toHaveURL(payerPage);
  await expect(page.getByText('Apple Pay').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
});
