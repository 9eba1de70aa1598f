import { formatMsisdn } from '@shop/domain';
import { detailedCartSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import type * as z from 'zod';
import { type FreshAccount, freshAccount, signIn, signInTo } from './account-sessions';
import { callApi } from './accounts';
import { testCards, uniqueNumber } from './checkout';
import { expect, type Page, test } from './fixtures';
import { commitFreeSetup, savedCard } from './saved-cards';
import { expectNoAxeViolations, shopUrl, tenant } from './shop';

const PAGE = '/account/automatic-topups';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The demo accounts' low-balance top-ups (demo-tenants.md), as the page writes their numbers. */
const DEMO_NUMBER = { funkfix: formatMsisdn('+4917012340101'), blitzmobil: formatMsisdn('+4915112340102') };

const card = (page: Page, number: string) => page.getByTestId('auto-topup').filter({ hasText: number });

/**
 * An account of the journey's own on ladeplatz (which lets top-ups pause) with two saved cards
 * and two top-ups of one number, 15 € every Monday and 20 € on the 31st, set up as the checkout
 * sets them up without a top-up now: the number confirmed by SMS code, the free order committed
 * on the first card. Nothing here is shared with another journey or an earlier run.
 */
async function accountWithScheduledTopups(): Promise<{ account: FreshAccount; number: string }> {
  const shop = tenant('ladeplatz');
  const account = await freshAccount(shop.shopId);
  const headers = { authorization: `Bearer ${account.accessToken}`, 'x-client-ip': account.clientIp };
  const call = <T extends z.ZodType>(path: string, schema: T, body: unknown) =>
    callApi(shop, path, schema, { method: 'POST', headers, body: JSON.stringify(body) });
  const first = await savedCard(call, testCards.approve);
  await savedCard(call, '5555 5555 5555 4444', 'Work card');

  const msisdn = uniqueNumber('+49151', 8);
  const scheduled = (recurringType: 'WEEKLY' | 'MONTHLY', recurringDay: number, amount: number) => ({
    productId: 'blitzmobil-automatic',
    amount,
    phoneNumber: msisdn,
    autoTopupOption: recurringType,
    recurringOption: { recurringType, recurringDay },
    setupOnly: true,
  });
  const { cartName } = await call('/api/shop/rest/v2/addToCart', detailedCartSchema, {
    items: [scheduled('WEEKLY', 1, 1500), scheduled('MONTHLY', 31, 2000)],
  });
  await commitFreeSetup(call, { cartName, email: account.userName, msisdn, paymentToken: first.id });
  return { account, number: formatMsisdn(msisdn) };
}

test('blitzmobil: the demo top-up pauses and is activated again, and each status stays after a reload', async ({
  page,
  context,
}) => {
  await signIn(context, 'blitzmobil');
  await page.goto(shopUrl('blitzmobil', PAGE));
  await expect(page).toHaveTitle('Automatische Aufladungen – Blitz Mobil');
  await expect(page.getByRole('heading', { level: 1, name: 'Automatische Aufladungen' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Kontobereich' });
  await expect(nav.getByRole('link', { name: 'Automatische Aufladungen' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const topup = card(page, DEMO_NUMBER.blitzmobil);
  await expect(topup.getByTestId('auto-topup-sentence')).toHaveText(
    `15 € auf ${DEMO_NUMBER.blitzmobil}, sobald das Guthaben unter 5 € fällt`,
  );
  await expect(topup.getByTestId('auto-topup-method')).toHaveText('Demo card (Visa •••• 1111)');
  const status = topup.getByTestId('auto-topup-status');
  const pause = topup.getByRole('button', { name: 'Pausieren' });
  const activate = topup.getByRole('button', { name: 'Aktivieren' });
  // A run stopped half-way leaves it paused: it starts from active all the same.
  if ((await status.getAttribute('data-status')) === 'paused') {
    await activate.click();
    await expect(status).toHaveText(/Aktiv$/);
  }

  await expect(status).toHaveText(/Aktiv$/);
  await pause.click();
  await expect(status).toHaveText(/Pausiert$/);
  await expect(topup.getByTestId('auto-topup-notice')).toHaveText('Die automatische Aufladung ist pausiert.');
  await expect(topup).toContainText('Pausiert: Es wird nichts aufgeladen und nichts abgebucht');
  await expect(pause).toHaveCount(0);
  await page.reload();
  await expect(status).toHaveText(/Pausiert$/);

  await activate.click();
  await expect(status).toHaveText(/Aktiv$/);
  await expect(topup.getByTestId('auto-topup-notice')).toHaveText(
    'Die automatische Aufladung ist wieder aktiv.',
  );
  await page.reload();
  await expect(status).toHaveText(/Aktiv$/);
  await expect(pause).toBeVisible();
});

test('funkfix does not let automatic top-ups pause: no pause button, only the cancellation', async ({
  page,
  context,
}) => {
  await signIn(context, 'funkfix');
  await page.goto(shopUrl('funkfix', PAGE));
  const topup = card(page, DEMO_NUMBER.funkfix);
  await expect(topup.getByTestId('auto-topup-status')).toHaveText(/Aktiv$/);
  await expect(topup.getByRole('button', { name: 'Diese automatische Aufladung kündigen' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pausieren' })).toHaveCount(0);
  await expect(page.getByText('jederzeit ändern oder kündigen')).toBeVisible();
});

test('ladeplatz: a weekly top-up gets another card and a monthly limit, then each is cancelled in one click', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { account, number } = await accountWithScheduledTopups();
  await signInTo(context, account);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(shopUrl('ladeplatz', PAGE));
  const weekly = card(page, 'Jede Woche');
  const monthly = card(page, 'Jeden Monat');
  await expect(weekly.getByTestId('auto-topup-sentence')).toHaveText(`15 € auf ${number} jeden Montag`);
  await expect(weekly.getByTestId('auto-topup-next-run')).toHaveText(/^Montag, \d{2}\.\d{2}\.\d{4}$/);
  await expect(monthly.getByTestId('auto-topup-sentence')).toHaveText(
    `20 € auf ${number} am 31. jedes Monats In kürzeren Monaten am letzten Tag des Monats.`,
  );
  await expect(weekly.getByTestId('auto-topup-method')).toHaveText('Visa •••• 1111');
  await expect(weekly.getByTestId('auto-topup-charges')).toHaveCount(0);
  await expect(weekly).toContainText('In diesem Monat wurde noch nichts abgebucht.');

  // Another saved card: chosen, then confirmed with the button.
  await weekly.getByText('Mit einer anderen gespeicherten Zahlungsart bezahlen').click();
  await weekly
    .getByLabel('Gespeicherte Zahlungsart')
    .selectOption({ label: 'Work card (Mastercard •••• 4444)' });
  await weekly.getByRole('button', { name: 'Diese Zahlungsart verwenden' }).click();
  await expect(weekly.getByTestId('auto-topup-notice')).toHaveText('Deine Änderungen wurden gespeichert.');
  await expect(weekly.getByTestId('auto-topup-method')).toHaveText('Work card (Mastercard •••• 4444)');
  await expect(monthly.getByTestId('auto-topup-method')).toHaveText('Visa •••• 1111');

  // A monthly limit, typed as money; one below a single top-up would stop every run.
  await expect(weekly.getByTestId('auto-topup-cap')).toHaveText('Kein Limit');
  await weekly.getByText('Monatliches Limit festlegen').click();
  const limit = weekly.getByLabel('Höchstens pro Kalendermonat (€)');
  await limit.fill('10');
  await weekly.getByRole('button', { name: 'Limit speichern' }).click();
  await expect(limit).toBeFocused();
  await expect(limit).toHaveAccessibleDescription(
    /Das Limit muss mindestens 15\s€ betragen, den Betrag einer Aufladung\.$/,
  );
  await limit.fill('50,50');
  await weekly.getByRole('button', { name: 'Limit speichern' }).click();
  await expect(weekly.getByTestId('auto-topup-cap')).toContainText('0 € von 50,50 € in diesem Monat genutzt');
  await monthly.getByText('Monatliches Limit festlegen').click();
  await expectNoAxeViolations(page, AXE_TAGS);
  await page.reload();
  await expect(weekly.getByTestId('auto-topup-method')).toHaveText('Work card (Mastercard •••• 4444)');
  await expect(weekly.getByTestId('auto-topup-cap')).toContainText('50,50 €');
  await weekly.getByText('Monatliches Limit ändern').click();
  await expect(weekly.getByLabel('Höchstens pro Kalendermonat (€)')).toHaveValue('50,50');
  await weekly.getByRole('button', { name: 'Limit entfernen' }).click();
  await expect(weekly.getByTestId('auto-topup-cap')).toHaveText('Kein Limit');

  // §312k BGB: one clearly named button, no second page, no question.
  const status = page.getByTestId('auto-topups-status');
  await weekly.getByRole('button', { name: 'Diese automatische Aufladung kündigen' }).click();
  await expect(status).toHaveText(
    `Erfolgreich gelöscht. Die automatische Aufladung von 15 € auf ${number} ist gekündigt; dafür wird nichts mehr abgebucht.`,
  );
  await expect(status).toBeFocused();
  await expect(weekly).toHaveCount(0);
  await expect(monthly).toBeVisible();
  await page.reload();
  await expect(weekly).toHaveCount(0);
  await monthly.getByRole('button', { name: 'Diese automatische Aufladung kündigen' }).click();
  await expect(status).toContainText(`Die automatische Aufladung von 20 € auf ${number} ist gekündigt`);
  expect(dialogs).toEqual([]);
  const empty = page.getByTestId('auto-topups-empty');
  await expect(empty).toContainText('Du hast noch keine automatische Aufladung.');
  await expect(empty.getByRole('link', { name: 'Automatische Aufladung einrichten' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expectNoAxeViolations(page, AXE_TAGS);
  await page.reload();
  await expect(page.getByTestId('auto-topups-empty')).toBeVisible();
  await expect(page.getByTestId('auto-topup')).toHaveCount(0);
});

test('not signed in, the page sends the shopper to sign in and back', async ({ page }) => {
  await page.goto(shopUrl('blitzmobil', PAGE));
  await expect(page).toHaveURL(shopUrl('blitzmobil', '/login?redirect=%2Faccount%2Fautomatic-topups'));
});

test('shops without accounts or without automatic top-ups have no such page', async ({ page }) => {
  for (const shopId of ['tarifwerk', 'callhome']) {
    const response = await page.goto(shopUrl(shopId, PAGE));
    expect(response?.status(), shopId).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
  expect(tenant('callhome').topup.options.allowedTypes).toEqual([]);
});

for (const shopId of ['blitzmobil', 'ladeplatz']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shopId}: the automatic top-ups in the ${theme} theme have no axe violation`, async ({
      page,
      context,
    }) => {
      await signIn(context, shopId);
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      await page.goto(shopUrl(shopId, PAGE));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // blitzmobil's demo account has its top-up; ladeplatz's has none, so its page is the empty one.
      await expect(
        page.getByTestId('auto-topup').or(page.getByTestId('auto-topups-empty')).first(),
      ).toBeVisible();
      for (const details of await page.locator('details').all()) await details.locator('summary').click();
      await expectNoAxeViolations(page, AXE_TAGS);
    });
  }
}

test('the page fits every width from 320 to 1440 px without sideways scrolling', async ({
  page,
  context,
}) => {
  await signIn(context, 'blitzmobil');
  for (const width of [320, 390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(shopUrl('blitzmobil', PAGE));
    for (const details of await page.locator('details').all()) await details.locator('summary').click();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `at ${width} px`).toBeLessThanOrEqual(width);
  }
});
