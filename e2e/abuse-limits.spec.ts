import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { addTopup, choosePayment, orderAndPay, uniqueNumber } from './checkout';
import { expect, test } from './fixtures';

const funkfix = { phone: 'Handynummer', next: 'Weiter' };

test('funkfix: a payment the abuse limits refuse says so in the shop language', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '15 €', phone: uniqueNumber('+49170'), labels: funkfix });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: 'busy@example.com', method: 'Kreditkarte' });

  // The cart's payment started behind the page's back (never paid, so nothing is charged) until
  // the API refuses to start any more for the cart.
  const cookies = await page.context().cookies();
  const cartName = cookies.find(({ name }) => name === COOKIE_NAMES.cartName)?.value;
  expect(cartName).toBeTruthy();
  const refused = await page.evaluate(async (cartName) => {
    for (let call = 0; call < 50; call += 1) {
      const response = await fetch('/api/shop/rest/checkout-start-payment', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cartName, paymentMethod: 'creditcard' }),
      });
      if (response.status === 429) {
        return { retryAfter: response.headers.get('retry-after'), body: await response.json() };
      }
    }
    return undefined;
  }, cartName);
  expect(refused?.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  expect(refused?.retryAfter).toMatch(/^\d+$/);

  await orderAndPay(page, '15 €');
  await expect(
    page.getByText(
      'Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es dann noch einmal.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);
});
