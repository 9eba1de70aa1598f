import { signIn } from './account-sessions';
import { ownClientAddress, signedInAsNewAccount } from './accounts';
import {
  chooseTopupType,
  confirmNumberByCode,
  expectOutcome,
  operatorBalance,
  sandboxUrl,
  uniqueNumber,
} from './checkout';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, shopUrl } from './shop';

/**
 * The light automatic top-up on belwaarde (decision 0042): its demo account's number gets a link by
 * SMS when its balance runs low; the link opens the top-up filled in, for that account only, once.
 */
const SHOP = 'belwaarde';
const NUMBER = '+31612340108';

async function smsLinks(msisdn = NUMBER): Promise<string[]> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(msisdn)}`, {
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

test('belwaarde: a shopper without a saved card sets up a light top-up; a low balance then sends its link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ownClientAddress(page.context(), SHOP);
  await signedInAsNewAccount(page.context(), SHOP);
  const msisdn = uniqueNumber('+31612', 6);
  await page.goto(shopUrl(SHOP));
  const form = page.getByTestId('topup-form');
  await chooseTopupType(
    form,
    form.getByRole('radio', { name: 'Automatisch', exact: true }),
    'auto-topup-setup',
  );
  const setup = form.getByTestId('auto-topup-setup');
  await setup.getByRole('radio', { name: 'Als mijn tegoed bijna op is' }).check();
  await form.getByRole('radio', { name: /€\s15/ }).first().check();
  await form.getByRole('textbox', { name: 'Mobiel nummer' }).fill(msisdn);
  await setup
    .getByRole('checkbox', {
      name: 'Niet automatisch afschrijven: stuur me in plaats daarvan een link per sms',
    })
    .check();
  await expect(setup.getByTestId('auto-topup-summary')).toHaveText(
    /^Nu niets en niets automatisch afgeschreven: zodra je tegoed onder €\s5 komt, sturen we je een sms met een link om €\s15 op te waarderen\.$/,
  );
  await expect(form.getByTestId('topup-total')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Doorgaan', exact: true }).click();

  const payment = page.getByTestId('payment-form');
  await expect(payment.getByTestId('light-no-method')).toBeVisible();
  await expect(payment.getByRole('radio')).toHaveCount(0);
  await payment.getByTestId('withdrawal-consent').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Opwaardeerlink instellen' }).click();

  await confirmNumberByCode(page, msisdn, 'nl');
  await expect(page.getByRole('heading', { name: 'Je opwaardeerlink is ingesteld' })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByTestId('auto-topup-setups')).toContainText('we sturen je een link om');

  // The account lists it as a link, with no method to change.
  await page.goto(shopUrl(SHOP, '/account/automatic-topups'));
  await expect(page.getByTestId('auto-topup-method')).toHaveText(
    'Telkens een link per sms; je betaalt bij het opwaarderen',
  );

  const event = await fetch(`${sandboxUrl}/operator/events/low-balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn, balance: 200 }),
  });
  expect(event.status).toBe(202);
  await expect.poll(async () => (await smsLinks(msisdn)).length, { timeout: 15_000 }).toBe(1);
  expect(await operatorBalance(msisdn)).toBe(200);

  // The SMS is lost: the account sends it again; only the newest link opens the top-up.
  const [lost = ''] = await smsLinks(msisdn);
  await page.reload();
  const card = page.getByTestId('auto-topup');
  await expect(card.getByTestId('auto-topup-light-link')).toHaveText(
    /^Per sms verstuurd; opent de opwaardering tot \S+ \d{2}:\d{2}$/,
  );
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Link opnieuw sturen' }).click();
  await expect(card.getByTestId('auto-topup-notice')).toHaveText(
    'De link is opnieuw onderweg. Alleen de link in de nieuwste sms werkt.',
  );
  await expect(card.getByTestId('auto-topup-light-link')).toContainText('Onderweg per sms');
  await expect.poll(async () => (await smsLinks(msisdn)).length, { timeout: 15_000 }).toBe(2);
  const newest = (await smsLinks(msisdn)).find((candidate) => candidate !== lost) ?? '';
  expect(new URL(newest).searchParams.get('notificationCode')).toBe(
    new URL(lost).searchParams.get('notificationCode'),
  );
  await page.goto(lost);
  await expect(page.getByTestId('light-link-notice')).toHaveText(
    'De automatische opwaardering kon niet worden geladen.',
  );
  await page.goto(newest);
  await expect(page.getByTestId('light-link-notice')).toHaveText(
    /^Je beltegoed raakt op: we hebben €\s15 voor /,
  );
});
