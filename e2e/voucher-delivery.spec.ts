import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import {
  expectOutcome,
  ownClientAddress,
  PAY_BUTTON,
  payByCard,
  sandboxUrl,
  testCards,
  uniqueNumber,
} from './checkout';
import { type BrowserContext, expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/** Voucher PINs by SMS or WhatsApp on a multi-brand shop (decision 0048). */

const CHOICE = 'Wie soll deine Gutschein-PIN zu dir kommen?';
const PHONE = 'Handynummer für die PIN';

interface OutboxMessage {
  channel: string;
  to: string;
  text: string;
}

/** What the sandbox's gateway kept for the number, newest first. */
async function outbox(msisdn: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(msisdn)}`, {
    headers: { Accept: 'application/json' },
  });
  return (await response.json()) as OutboxMessage[];
}

/** A shopper of their own address, so that no other journey's calls count against their limits. */
const ownAddress = (context: BrowserContext) => ownClientAddress(context, 'ladeplatz');

/** A PixelPass voucher in the cart, on the payment page. */
async function voucherAtPayment(page: Page) {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 25 € in den Warenkorb legen' }).click();
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
}

test('ladeplatz: a voucher bought by card goes by WhatsApp with the PIN the result page shows, and again on request', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await ownAddress(context);
  const msisdn = uniqueNumber('+49170');
  await voucherAtPayment(page);

  const form = page.getByTestId('payment-form');
  const choice = form.getByRole('group', { name: CHOICE });
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await expect(choice.getByRole('radio', { name: 'Per E-Mail' })).toBeChecked();
  await expect(choice.getByRole('textbox', { name: PHONE })).toHaveCount(0);
  await choice.getByRole('radio', { name: 'Per WhatsApp' }).check();
  const phone = choice.getByRole('textbox', { name: PHONE });
  // A number of another country is refused where it was typed, with the shop's rules.
  await phone.fill('+33 6 12 34 56 78');
  await form.getByRole('radio', { name: 'Kreditkarte' }).check();
  await form.getByTestId('withdrawal-consent').check();
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(choice).toContainText('PINs können wir nur an Nummern aus den Ländern dieses Shops schicken.');
  // The shopper types the number as people write it at home; the e-mail is optional now.
  await phone.fill(`0${msisdn.slice(3, 6)} ${msisdn.slice(6)}`);
  await expect(form.getByRole('textbox', { name: 'E-Mail-Adresse (optional)' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: PAY_BUTTON }).click();
  const frame = page.frameLocator('iframe[title="Sichere Zahlungsseite: Kreditkarte"]');
  await payByCard(frame.locator('body'), testCards.approve);

  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  const pin = (await page.getByTestId('voucher-pin').locator('code').textContent()) ?? '';
  expect(pin).toMatch(/^\d{16}$/);
  const status = page.getByTestId('voucher-delivery-status');
  const number = `+49 170 ${msisdn.slice(6)}`;
  await expect(status.getByRole('status')).toHaveText(`Per WhatsApp an ${number} geschickt.`);
  const [message, ...others] = await outbox(msisdn);
  expect(others).toEqual([]);
  expect(message).toMatchObject({ channel: 'whatsapp', to: msisdn });
  expect(message?.text).toContain(`PIN ${pin}`);
  expect(message?.text).toContain('Ladeplatz: Ihr Gutschein aus der Bestellung');
  await expectNoAxeViolations(page);

  await status.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(page.getByText('Deine PIN ist noch einmal unterwegs.')).toBeVisible();
  await expect.poll(async () => (await outbox(msisdn)).length, { timeout: 15_000 }).toBe(2);
  await expect(status.getByRole('status')).toHaveText(`Per WhatsApp an ${number} geschickt.`);
  for (const sent of await outbox(msisdn)) expect(sent.text).toContain(pin);
});

test('ladeplatz: the choice in the dark theme has no axe violation and fits a 320 px screen', async ({
  page,
  context,
}) => {
  await ownAddress(context);
  await context.addCookies([{ name: COOKIE_NAMES.theme, value: 'dark', url: shopUrl('ladeplatz', '/') }]);
  await page.setViewportSize({ width: 320, height: 800 });
  await voucherAtPayment(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const choice = page.getByRole('group', { name: CHOICE });
  await choice.getByRole('radio', { name: 'Per SMS' }).check();
  await expect(choice.getByRole('textbox', { name: PHONE })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
