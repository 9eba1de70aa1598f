import { openAccountWhilePaying, uniqueEmail } from './accounts';
import { addTopup, choosePayment, latestCode, PAY_BUTTON, payerPage, uniqueNumber } from './checkout';
import { expect, test } from './fixtures';

const labels = { phone: 'Handynummer', next: 'Weiter' };
const keepMethod = 'Zahlungsart für künftige Zahlungen speichern';

test('funkfix: a guest keeping the card for later confirms the number by SMS code', async ({ page }) => {
  const msisdn = uniqueNumber('+49170');
  await addTopup(page, 'funkfix', { amount: '15 €', phone: msisdn, labels });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: uniqueEmail('otp'), method: 'Kreditkarte' });
  await openAccountWhilePaying(page);
  await page.getByRole('checkbox', { name: keepMethod }).check();
  await expect(page.getByTestId('amount-due')).toContainText('15 €');
  const pay = page.getByRole('button', { name: PAY_BUTTON });
  await pay.click();

  const dialog = page.getByRole('dialog', { name: 'Handynummer bestätigen' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByRole('textbox', { name: 'Code aus der SMS' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  const resend = dialog.getByTestId('otp-resend');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Neuer Code in \d+ s$/);

  let sent: string | undefined;
  await expect.poll(async () => (sent = await latestCode(msisdn)), { timeout: 10_000 }).toMatch(/^\d{6}$/);
  const wrong = sent === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await dialog.getByRole('button', { name: 'Code bestätigen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Dieser Code ist nicht richtig. Bitte prüfe ihn und versuche es noch einmal.',
  );
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(sent ?? '');
  await dialog.getByRole('button', { name: 'Code bestätigen' }).click();
  await expect(page).toHaveURL(payerPage);
});

test('funkfix: the code dialog keeps the focus inside and gives it back when closed', async ({ page }) => {
  await addTopup(page, 'funkfix', { amount: '10 €', phone: uniqueNumber('+49175'), labels });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  await choosePayment(page, { email: uniqueEmail('otp'), method: 'PayPal' });
  await openAccountWhilePaying(page);
  await page.getByRole('checkbox', { name: keepMethod }).check();
  await expect(page.getByTestId('amount-due')).toContainText('10 €');
  const pay = page.getByRole('button', { name: PAY_BUTTON });
  await pay.click();

  const dialog = page.getByRole('dialog', { name: 'Handynummer bestätigen' });
  const code = dialog.getByRole('textbox', { name: 'Code aus der SMS' });
  await expect(code).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Code bestätigen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(pay).toBeFocused();

  await pay.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('otp-resend')).toBeDisabled();
});
