import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/** Puts a once-off top-up in the cart through the top-up form of a single-brand main page. */
async function addTopup(page: Page, shopId: string, amount: string, phone: string) {
  await page.goto(shopUrl(shopId));
  const form = page.getByTestId('topup-form');
  await form.getByRole('radio', { name: amount }).check();
  await form.getByRole('textbox', { name: 'Handynummer' }).fill(phone);
  await form.getByRole('button', { name: 'Weiter' }).click();
}

test('funkfix: a top-up to one number has no quantity to choose; the number reads as people write it', async ({
  page,
}) => {
  await addTopup(page, 'funkfix', '15 €', '0170 1234567');
  await expect(page).toHaveURL(shopUrl('funkfix', '/shop/checkout/cart'));
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('FunkFix 15 €');
  await expect(line).toContainText('+49 170 1234567');
  await expect(line.getByRole('button', { name: /Menge/ })).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('15 €');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  // The payment page sums the cart up; it changes on the cart page.
  await expect(line).toContainText('+49 170 1234567');
  await expect(page.getByRole('button', { name: 'FunkFix 15 € entfernen' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Warenkorb ändern' }).click();
  await expect(page).toHaveURL(shopUrl('funkfix', '/shop/checkout/cart'));
  // A click before the page runs does nothing: it is made again while the line is still there.
  const remove = page.getByRole('button', { name: 'FunkFix 15 € entfernen' });
  await expect(async () => {
    if (await remove.isVisible()) await remove.click();
    await expect(page.getByText('Dein Warenkorb ist leer.')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
});

test('ladeplatz: vouchers are bought in numbers, up to the limit, with an alert past it', async ({
  page,
}) => {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 10 € in den Warenkorb legen' }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop/checkout/cart'));
  const line = page.getByTestId('cart-line');
  const more = page.getByRole('button', { name: 'Menge von PixelPass 10 € erhöhen' });
  for (let expected = 2; expected <= 10; expected += 1) {
    await more.click();
    await expect(line.getByTestId('quantity')).toHaveText(String(expected));
  }
  await expect(page.getByTestId('cart-total')).toHaveText('102,50 €');

  await more.click();
  await expect(page.getByText('Du hast die maximale Menge für dieses Produkt erreicht.')).toBeVisible();
  await expect(line.getByTestId('quantity')).toHaveText('10');
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(line.getByTestId('quantity')).toHaveText('10');
});

test('blitzmobil: skips the cart page and takes a promo code', async ({ page }) => {
  await addTopup(page, 'blitzmobil', '25 €', '+4915112345678');
  await expect(page).toHaveURL(shopUrl('blitzmobil', '/shop/checkout/payment'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung');
  await expect(page.getByTestId('cart-total')).toHaveText('25,49 €');

  await page.getByRole('textbox', { name: 'Aktionscode' }).fill('blitz10');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText('Rabatt (BLITZ10)')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('22,99 €');

  // A refused code is explained next to its field, and stays until the code is changed.
  const code = page.getByRole('textbox', { name: 'Aktionscode' });
  await code.fill('NOPE');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(code).toHaveAccessibleDescription(/Dieser Aktionscode ist ungültig\./);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('cart-total')).toHaveText('22,99 €');
  await expectNoAxeViolations(page);
  await code.fill('NOPE2');
  await expect(page.getByText('Dieser Aktionscode ist ungültig.')).toHaveCount(0);
});

test('ladeplatz: a voucher in the detailed cart', async ({ page }) => {
  await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
  await page.getByRole('button', { name: 'PixelPass 10 € in den Warenkorb legen' }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop/checkout/cart'));
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText('PixelPass 10 €');
  await expect(line).toContainText('Gutschein · je 10 € · Servicegebühr 0,25 €');
  await expect(page.getByTestId('cart-total')).toHaveText('10,25 €');
  await expect(page.getByRole('link', { name: 'Weiter zur Zahlung' })).toHaveAttribute(
    'href',
    '/shop/checkout/payment',
  );
  await expectNoAxeViolations(page);
});

test('ladeplatz: a click whose request goes twice (a double click, a retry) adds once', async ({ page }) => {
  const product = shopUrl('ladeplatz', '/shop/gaming/pixelpass');
  const add = page.getByRole('button', { name: 'PixelPass 10 € in den Warenkorb legen' });
  await page.goto(product);
  await add.click();
  await expect(page.getByTestId('cart-total')).toHaveText('10,25 €');

  // Every add-to-cart request reaches the shop twice, with the same Idempotency-Key (sent from
  // here, which resolves no *.localhost: to the loopback address with the shop's Host).
  await page.route('**/api/shop/rest/v2/addToCart', async (route) => {
    const url = new URL(route.request().url());
    const resend = {
      url: `http://127.0.0.1:${url.port}${url.pathname}`,
      headers: { ...route.request().headers(), host: url.host },
    };
    await route.fetch(resend);
    await route.fulfill({ response: await route.fetch(resend) });
  });
  await page.goto(product);
  await add.dblclick();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop/checkout/cart'));
  await expect(page.getByTestId('cart-total')).toHaveText('20,50 €');
});
