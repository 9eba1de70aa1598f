import { formatMsisdn } from '@shop/domain';
import { detailedCartSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import type * as z from 'zod';
import { type FreshAccount, freshAccount, signIn, signInTo } from './account-sessions';
import { callApi } from './accounts';
import { sandboxUrl, testCards, uniqueNumber } from './checkout';
import { expect, type Page, test } from './fixtures';
import { commitFreeSetup, savedCard } from './saved-cards';
import { expectNoAxeViolations, shopUrl, tenant } from './shop';

const SHOP = 'belwaarde';
const PAGE = '/account/sms-topups';
const SHORT_NUMBER = '4411';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The demo account's number, registered with PIN 1234 on its "Demo card" (demo data). */
const DEMO_NUMBER = formatMsisdn('+31612340108');

const card = (page: Page, number: string) => page.getByTestId('sms-topup').filter({ hasText: number });

/** Opens every folded part of the page (a new PIN, another method), for axe and the widths. */
async function unfoldAll(page: Page) {
  for (const details of await page.locator('details').all()) await details.locator('summary').click();
}

/**
 * An account of the journey's own on belwaarde with two saved cards and a number of its own
 * registered for SMS top-ups with PIN 2468, set up as the top-up form's free SMS set-up is: the
 * number confirmed by its one-time code, the order of 0 committed on the first card. The demo
 * account's registration, which other journeys see, stays as it is.
 */
async function accountWithSmsTopup(): Promise<{ account: FreshAccount; msisdn: string }> {
  const shop = tenant(SHOP);
  const account = await freshAccount(SHOP);
  const headers = { authorization: `Bearer ${account.accessToken}`, 'x-client-ip': account.clientIp };
  const call = <T extends z.ZodType>(path: string, schema: T, body: unknown) =>
    callApi(shop, path, schema, { method: 'POST', headers, body: JSON.stringify(body) });
  const first = await savedCard(call, testCards.approve);
  await savedCard(call, '5555 5555 5555 4444', 'Werkkaart');

  const msisdn = uniqueNumber('+31612', 6);
  const { cartName } = await call('/api/shop/rest/v2/addToCart', detailedCartSchema, {
    items: [
      {
        productId: 'belwaarde-sms',
        amount: 1000,
        phoneNumber: msisdn,
        smsTopupConsent: '2468',
        setupOnly: true,
      },
    ],
  });
  await commitFreeSetup(call, { cartName, email: account.userName, msisdn, paymentToken: first.id });
  return { account, msisdn };
}

/** The shop's answers to the number by SMS (its one-time code left out). */
async function answersTo(msisdn: string): Promise<string[]> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(msisdn)}`, {
    headers: { Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  const messages = (await response.json()) as { channel: string; text: string }[];
  return messages
    .filter((message) => message.channel === 'sms' && !/\b\d{6}\b/.test(message.text))
    .map((message) => message.text);
}

/** Texts the short number from the number as a shopper would, through the sandbox operator, and waits for the answer. */
async function textShop(msisdn: string, text: string) {
  const answered = (await answersTo(msisdn)).length;
  const sent = await fetch(`${sandboxUrl}/operator/events/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: msisdn, to: SHORT_NUMBER, text }),
  });
  expect(sent.status, await sent.text()).toBe(202);
  await expect
    .poll(async () => (await answersTo(msisdn)).length, {
      message: `the answer to "${text}"`,
      timeout: 20_000,
    })
    .toBe(answered + 1);
}

test('belwaarde: the demo account finds its number and what to text where in the account navigation', async ({
  page,
  context,
}) => {
  await signIn(context, SHOP);
  await page.goto(shopUrl(SHOP, '/account'));
  await expect(page.getByRole('link', { name: 'Je sms-opwaarderingen beheren' })).toHaveAttribute(
    'href',
    PAGE,
  );
  const nav = page.getByRole('navigation', { name: 'Accountpagina’s' });
  await nav.getByRole('link', { name: 'Sms-opwaarderingen' }).click();
  await expect(page).toHaveURL(shopUrl(SHOP, PAGE));
  await expect(page).toHaveTitle('Sms-opwaarderingen – BelWaarde');
  await expect(page.getByRole('heading', { level: 1, name: 'Sms-opwaarderingen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sms-opwaarderingen' })).toHaveAttribute('aria-current', 'page');

  const demo = card(page, DEMO_NUMBER);
  await expect(demo.getByRole('heading', { level: 2, name: DEMO_NUMBER })).toBeVisible();
  await expect(demo.getByTestId('sms-topup-how-to')).toHaveText(`Stuur KOOP 15 1234 naar ${SHORT_NUMBER}`);
  await expect(demo).toContainText('KOOP is het trefwoord, 15 het bedrag dat je wilt opwaarderen');
  await expect(demo.getByTestId('sms-topup-status')).toHaveText(/Actief$/);
  await expect(demo.getByTestId('sms-topup-method')).toHaveText('Demo card (Visa •••• 1111)');
  await expect(demo.getByRole('button', { name: 'Sms-opwaarderingen deblokkeren' })).toHaveCount(0);
  await expect(
    demo.getByRole('button', { name: 'Sms-opwaarderingen voor dit nummer stoppen' }),
  ).toBeEnabled();

  // In English the example starts with the English keyword.
  await context.addCookies([{ name: COOKIE_NAMES.locale, value: 'en', url: shopUrl(SHOP, '/') }]);
  await page.reload();
  await expect(demo.getByTestId('sms-topup-how-to')).toHaveText(`Send BUY 15 1234 to ${SHORT_NUMBER}`);
  await expect(page.getByRole('navigation', { name: 'Account pages' })).toContainText('SMS top-ups');
});

test('belwaarde: a number of its own gets a new PIN and another card, is locked by five wrong PINs, unlocked and stopped', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { account, msisdn } = await accountWithSmsTopup();
  const number = formatMsisdn(msisdn);
  await signInTo(context, account);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(shopUrl(SHOP, '/account'));
  await page
    .getByRole('navigation', { name: 'Accountpagina’s' })
    .getByRole('link', { name: 'Sms-opwaarderingen' })
    .click();
  const registration = card(page, number);
  const status = registration.getByTestId('sms-topup-status');
  const notice = registration.getByTestId('sms-topup-notice');
  await expect(registration.getByTestId('sms-topup-how-to')).toHaveText(
    `Stuur KOOP 15 1234 naar ${SHORT_NUMBER}`,
  );
  await expect(status).toHaveText(/Actief$/);
  await expect(registration.getByTestId('sms-topup-method')).toHaveText('Visa •••• 1111');
  await unfoldAll(page);
  await expectNoAxeViolations(page, AXE_TAGS);

  // A new PIN, checked before it is sent.
  const pin = registration.getByLabel('Nieuwe pincode (4 tot 6 cijfers)');
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('autocomplete', 'off');
  await pin.fill('97');
  await registration.getByRole('button', { name: 'Nieuwe pincode opslaan' }).click();
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAccessibleDescription(
    /De pincode bestaat uit 4 tot 6 cijfers, zonder iets anders\.$/,
  );
  await pin.fill('97531');
  await registration.getByRole('button', { name: 'Nieuwe pincode opslaan' }).click();
  await expect(notice).toHaveText('Je wijzigingen zijn opgeslagen.');
  await expect(pin).toHaveValue('');

  // Another saved card: chosen, then confirmed with the button.
  await registration
    .getByLabel('Opgeslagen betaalmethode')
    .selectOption({ label: 'Werkkaart (Mastercard •••• 4444)' });
  await registration.getByRole('button', { name: 'Deze methode gebruiken' }).click();
  await expect(registration.getByTestId('sms-topup-method')).toHaveText('Werkkaart (Mastercard •••• 4444)');
  await expect(notice).toHaveText('Je wijzigingen zijn opgeslagen.');

  // The old PIN, five times: the fifth locks the number's SMS top-ups.
  for (let wrong = 0; wrong < 5; wrong += 1) await textShop(msisdn, 'KOOP 15 2468');
  await page.reload();
  await expect(status).toHaveText(/Geblokkeerd$/);
  await expect(registration.getByTestId('sms-topup-locked')).toContainText(
    'Na vijf verkeerde pincodes zijn sms-opwaarderingen voor dit nummer geblokkeerd. Kies een nieuwe pincode of deblokkeer ze.',
  );
  await expect(registration.getByTestId('sms-topup-method')).toHaveText('Werkkaart (Mastercard •••• 4444)');
  await unfoldAll(page);
  await expectNoAxeViolations(page, AXE_TAGS);

  await registration.getByRole('button', { name: 'Sms-opwaarderingen deblokkeren' }).click();
  await expect(status).toHaveText(/Actief$/);
  await expect(notice).toHaveText('Sms-opwaarderingen voor dit nummer zijn gedeblokkeerd.');
  await expect(notice).toBeFocused();
  await expect(registration.getByTestId('sms-topup-locked')).toHaveCount(0);
  await page.reload();
  await expect(status).toHaveText(/Actief$/);

  // One clearly named button, no question.
  await registration.getByRole('button', { name: 'Sms-opwaarderingen voor dit nummer stoppen' }).click();
  const pageStatus = page.getByTestId('sms-topups-status');
  await expect(pageStatus).toHaveText(
    `Succesvol verwijderd. Sms-opwaarderingen voor ${number} zijn gestopt; een sms vanaf dit nummer waardeert niet meer op.`,
  );
  await expect(pageStatus).toBeFocused();
  await expect(registration).toHaveCount(0);
  const empty = page.getByTestId('sms-topups-empty');
  await expect(empty).toContainText('Er is nog geen nummer geregistreerd voor sms-opwaarderingen.');
  await expect(empty).toContainText(`bijvoorbeeld KOOP 15 1234 te sturen naar ${SHORT_NUMBER}`);
  await expect(empty).toContainText('Kies „Via sms” op de opwaardeerpagina');
  await expect(empty.getByRole('link', { name: 'Naar de opwaardeerpagina' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page, AXE_TAGS);
  await page.reload();
  await expect(page.getByTestId('sms-topups-empty')).toBeVisible();
  await expect(page.getByTestId('sms-topup')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('not signed in, the page sends the shopper to sign in and back', async ({ page }) => {
  await page.goto(shopUrl(SHOP, PAGE));
  await expect(page).toHaveURL(shopUrl(SHOP, '/login?redirect=%2Faccount%2Fsms-topups'));
});

test('shops without SMS top-ups have no such page and no way to it', async ({ page, context }) => {
  await signIn(context, 'blitzmobil');
  const response = await page.goto(shopUrl('blitzmobil', PAGE));
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto(shopUrl('blitzmobil', '/account'));
  const nav = page.getByRole('navigation', { name: 'Kontobereich' });
  await expect(nav.getByRole('link', { name: 'Automatische Aufladungen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'SMS-Aufladungen' })).toHaveCount(0);
  await expect(page.locator(`a[href="${PAGE}"]`)).toHaveCount(0);
  expect((await page.goto(shopUrl('tarifwerk', PAGE)))?.status()).toBe(404);
});

for (const theme of ['light', 'dark'] as const) {
  test(`belwaarde: the SMS top-ups in the ${theme} theme have no axe violation`, async ({
    page,
    context,
  }) => {
    await signIn(context, SHOP);
    await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(SHOP, '/') }]);
    await page.goto(shopUrl(SHOP, PAGE));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(card(page, DEMO_NUMBER)).toBeVisible();
    await unfoldAll(page);
    await expectNoAxeViolations(page, AXE_TAGS);
  });
}

test('the page fits every width from 320 to 1366 px without sideways scrolling', async ({
  page,
  context,
}) => {
  await signIn(context, SHOP);
  for (const width of [320, 390, 768, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(shopUrl(SHOP, PAGE));
    await expect(card(page, DEMO_NUMBER)).toBeVisible();
    await unfoldAll(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `at ${width} px`).toBeLessThanOrEqual(width);
  }
});
