import { cashCodeResultPage, expectOutcome, operatorBalance, uniqueNumber } from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/** docs/sandbox.md: a code that is always used already. */
const USED_CODE = '999999999999';

/** Puts a cash-code top-up in the CallHome cart and redeems it on the payment page. */
async function redeem(page: Page, { msisdn, code }: { msisdn: string; code: string }) {
  await page.goto(shopUrl('callhome'));
  const form = page.getByTestId('topup-form');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(msisdn);
  await form.getByRole('textbox', { name: /^Value of the cash code/ }).fill('10');
  await form.getByRole('textbox', { name: 'Cash code', exact: true }).fill(code);
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/checkout\/cart$/);
  await page.getByRole('link', { name: 'Continue to payment' }).click();

  const redeemForm = page.getByTestId('cash-code-form');
  await expect(page.getByTestId('payment-method-choice')).toHaveCount(0);
  await redeemForm.getByRole('textbox', { name: 'E-mail address' }).fill('sam@example.com');
  await redeemForm.getByRole('button', { name: 'Redeem cash code' }).click();
  await expect(page).toHaveURL(cashCodeResultPage);
}

test('callhome: the top-up form asks for the cash code before the cart', async ({ page }) => {
  await page.goto(shopUrl('callhome'));
  const form = page.getByTestId('topup-form');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(uniqueNumber('+4456', 8));
  await form.getByRole('textbox', { name: /^Value of the cash code/ }).fill('10');
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
  const code = form.getByRole('textbox', { name: 'Cash code', exact: true });
  await expect(code).toHaveAccessibleDescription(/Please enter your cash code\./);
  await expect(page).toHaveURL(shopUrl('callhome'));
  await expectNoAxeViolations(page);
});

test('callhome: a cash code is redeemed onto the number', async ({ page }) => {
  // A fresh pound code of the sandbox (12 digits starting with 21) for every run.
  const code = `21${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const msisdn = uniqueNumber('+4456', 8);
  const before = await operatorBalance(msisdn);
  await redeem(page, { msisdn, code });

  await expectOutcome(page, 'Your cash code has been redeemed and the credit added.', cashCodeResultPage);
  await expect(page.getByRole('heading', { name: 'Cash code redeemed' })).toBeFocused();
  await expect(page.getByTestId('credit-added')).toHaveText('£10');
  expect(await operatorBalance(msisdn)).toBe(before + 1000);
  await expectNoAxeViolations(page);
});

test('callhome: a cash code that was used already says so', async ({ page }) => {
  const msisdn = uniqueNumber('+4456', 8);
  const before = await operatorBalance(msisdn);
  await redeem(page, { msisdn, code: USED_CODE });

  await expectOutcome(page, 'This cash code has already been used.', cashCodeResultPage);
  await expect(page.getByRole('heading', { name: 'Cash code not redeemed' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await operatorBalance(msisdn)).toBe(before);
  await expectNoAxeViolations(page);
});
