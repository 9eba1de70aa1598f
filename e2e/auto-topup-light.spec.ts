import { signIn } from './account-sessions';
import { ownClientAddress, signedInAsNewAccount } from './accounts';
import { expectOutcome, operatorBalance, sandboxUrl } from './checkout';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/**
 * The light automatic top-up on belwaarde (decision 0042): its demo account's number gets a link by
 * SMS when its balance runs low; the link opens the top-up filled in, for that account only, once.
 */
const SHOP = 'belwaarde';
const NUMBER = '+31612340108';

async function smsLinks(): Promise<string[]> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(NUMBER)}`, {
    headers: { Accept: 'application/json' },
  });
  const messages = (await response.json()) as { text: string }[];
  return messages.flatMap((message) => message.text.match(/https?:\/\/\S+notificationCode=\S+/g) ?? []);
}

/** The balance dips under the limit (a new dip: it rose first); the link the SMS carries. */
async function lowBalanceLink(): Promise<string> {
  const before = await smsLinks();
  for (const balance of [900, 300]) {
    const event = await fetch(`${sandboxUrl}/operator/events/low-balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: NUMBER, balance }),
    });
    expect(event.status).toBe(202);
  }
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await smsLinks()).find((candidate) => !before.includes(candidate))), {
      timeout: 15_000,
    })
    .toBeTruthy();
  return link ?? '';
}

test('belwaarde: a low balance sends a link that opens the top-up filled in for its owner, once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const link = await lowBalanceLink();
  expect(new URL(link).origin).toBe(new URL(shopUrl(SHOP, '/')).origin);
  await ownClientAddress(page.context(), SHOP);

  // Opened without signing in: the page asks to sign in and comes back to the link.
  await page.goto(link);
  const notice = page.getByTestId('light-link-notice');
  await expect(notice).toContainText('Log in om verder te gaan.');
  const signInLink = notice.getByRole('link', { name: 'Inloggen' });
  await expect(signInLink).toHaveAttribute('href', /^\/login\?redirect=%2F%3Fmsisdn%3D/);
  await expectNoAxeViolations(page);

  // Another account's session: the link is not theirs.
  const stranger = await browser.newContext();
  await ownClientAddress(stranger, SHOP);
  await signedInAsNewAccount(stranger, SHOP);
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link);
  await expect(strangerPage.getByTestId('light-link-notice')).toHaveText(
    'Deze link hoort bij een ander account.',
  );
  // The form is the page's plain one: nothing bought there is the link's top-up.
  await expect(strangerPage.locator('input[name="lightCode"]')).toHaveCount(0);
  await stranger.close();

  // Its owner: the number and the amount are filled in; paying with the saved card tops up.
  await signIn(page.context(), SHOP);
  await page.goto(link);
  await expect(page.getByTestId('light-link-notice')).toHaveText(
    /^Je beltegoed raakt op: we hebben €\s15 voor \+31 6 12340108 ingevuld\./,
  );
  const form = page.getByTestId('topup-form');
  await expect(form.getByRole('textbox', { name: 'Mobiel nummer' })).toHaveValue(NUMBER);
  await expect(form.getByRole('radio', { name: /€\s15/ }).first()).toBeChecked();
  await expect(form.locator('input[name="lightCode"]')).toHaveCount(1);
  await expectNoAxeViolations(page);
  const before = await operatorBalance(NUMBER);
  await expect(async () => {
    await form.getByRole('button', { name: 'Doorgaan', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/checkout\/payment$/, { timeout: 3_000 });
  }).toPass();
  const payment = page.getByTestId('payment-form');
  await payment.getByRole('radio', { name: /^Demo card/ }).check();
  await payment.getByTestId('withdrawal-consent').check();
  await page.getByRole('button', { name: 'Bestellen met betalingsverplichting' }).click();
  await expectOutcome(page, 'Je bestelling is afgerond. Bedankt!');
  await expect.poll(() => operatorBalance(NUMBER), { timeout: 30_000 }).toBe(before + 1500);

  // Used once: the same link opens nothing any more.
  await page.goto(link);
  await expect(page.getByTestId('light-link-notice')).toHaveText(
    'De automatische opwaardering kon niet worden geladen.',
  );
});
