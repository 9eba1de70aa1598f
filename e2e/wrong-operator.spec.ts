import { formatMsisdn } from '@shop/domain';
import { uniqueNumber } from './checkout';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/** Decision 0027: a top-up never goes to a number of another operator (plan: docs/sandbox.md). */

test('funkfix: a Blitz Mobil number is refused next to the number until it changes', async ({ page }) => {
  const adds: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('addToCart')) adds.push(request.url());
  });
  await page.goto(shopUrl('funkfix'));
  const form = page.getByTestId('topup-form');
  const phone = form.getByRole('textbox', { name: 'Handynummer' });
  const next = form.getByRole('button', { name: 'Weiter', exact: true });
  await form.getByRole('radio', { name: '15 €' }).check();
  await phone.fill(uniqueNumber('+49151'));
  await next.click();

  const refusal =
    /ist eine Blitz Mobil-Nummer, keine FunkFix-Nummer\. Hier kannst du nur FunkFix-Nummern aufladen\./;
  await expect(phone).toHaveAccessibleDescription(refusal);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(page.getByTestId('phone-error').getByRole('link')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Mit dieser Nummer fortfahren' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Pressing on changes nothing: the number is still refused, nothing goes in the cart.
  await next.click();
  await expect(phone).toHaveAccessibleDescription(refusal);
  await expect(page).toHaveURL(shopUrl('funkfix'));
  expect(adds).toEqual([]);

  // Another number lifts the refusal; a FunkFix number goes in the cart.
  await phone.fill('0170 7654321');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('phone-error')).toHaveCount(0);
  await next.click();
  await expect(page).toHaveURL(shopUrl('funkfix', '/shop/checkout/cart'));
  await expect(page.getByTestId('cart-line')).toContainText('+49 170 7654321');
});

test('ladeplatz: a Blitz Mobil number on the FunkFix page leads to Blitz Mobil, where it goes in the cart', async ({
  page,
}) => {
  await page.goto(shopUrl('ladeplatz', '/shop/mobile/funkfix'));
  const form = page.getByTestId('topup-form');
  const msisdn = uniqueNumber('+49151');
  await form.getByRole('radio', { name: '15 €' }).check();
  await form.getByRole('textbox', { name: 'Handynummer' }).fill(msisdn);
  await form.getByRole('button', { name: 'Weiter', exact: true }).click();

  const refusal = page.getByTestId('phone-error');
  await expect(refusal).toContainText(
    'ist eine Blitz Mobil-Nummer, keine FunkFix-Nummer. Blitz Mobil-Aufladungen gibt es bei uns auch.',
  );
  await expect(form.getByRole('textbox', { name: 'Handynummer' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await refusal.getByRole('link', { name: 'Zur Blitz Mobil-Aufladung mit dieser Nummer' }).click();

  await expect(page).toHaveURL(
    shopUrl('ladeplatz', `/shop/mobile/blitzmobil?msisdn=${encodeURIComponent(msisdn)}&amount=15`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blitz Mobil');
  await expect(form.getByRole('textbox', { name: 'Handynummer' })).toHaveValue(msisdn);
  await expect(form.getByRole('radio', { name: '15 €' })).toBeChecked();
  await form.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop/checkout/cart'));
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText('Blitz Mobil 15 €');
  await expect(line).toContainText(formatMsisdn(msisdn));
});
