import { readFile } from 'node:fs/promises';
import { accountProfileSchema, type ErrorEnvelope, ownDataExportSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { type FreshAccount, freshAccount, mailCount, mailedCode, signIn, signInTo } from './account-sessions';
import { ownClientAddress } from './checkout';
import { expect, type Page, test } from './fixtures';
import { callShop, expectNoAxeViolations, shopUrl, tenant } from './shop';

/**
 * "Data and privacy" in the account area (docs/decisions/0036): the copy of the account's data to
 * download, and deleting the account by its password or by a mailed code. Deletions run on fresh
 * accounts of their own, never on a demo account.
 */

const PRIVACY = '/account/privacy';

/** The profile as the API answers it for this session, through the shop: 200, or 401 once it is gone. */
async function profileStatus(account: FreshAccount): Promise<number> {
  const response = await callShop(`${account.shopId}.localhost`, '/api/shop/rest/account/profile', {
    Cookie: `${COOKIE_NAMES.accessToken}=${account.accessToken}`,
  });
  if (response.status === 200)
    expect(accountProfileSchema.parse(response.json()).userName).toBe(account.userName);
  return response.status;
}

/** The deletion dialog, opened from the page by its button. */
async function openDeletion(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('funkfix: the demo account downloads a copy of its data, with its three orders and no secret', async ({
  page,
  context,
}) => {
  await signIn(context, 'funkfix');
  // The export counts against a limit per address: this journey is a client of its own.
  await ownClientAddress(context, 'funkfix');
  await page.goto(shopUrl('funkfix', '/account'));
  await page.getByRole('link', { name: 'Deine Daten herunterladen oder dein Konto löschen' }).click();
  await expect(page).toHaveURL(shopUrl('funkfix', PRIVACY));
  await expect(page).toHaveTitle('Daten und Datenschutz – FunkFix');
  const nav = page.getByRole('navigation', { name: 'Kontobereich' });
  await expect(nav.getByRole('link', { name: 'Daten und Datenschutz' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const link = page.getByRole('link', { name: 'Meine Daten herunterladen' });
  await expect(link).toHaveAttribute('href', '/api/shop/rest/account/export');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^funkfix-account-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const copy = ownDataExportSchema.parse(JSON.parse(text));
  expect(copy.profile.userName).toBe('demo@funkfix.example');
  expect(copy.orders).toHaveLength(3);
  expect(copy.sessions.some((session) => session.current)).toBe(true);
  expect(text).not.toContain('accessToken');
  expect(text).not.toContain('passwordHash');
});

test('ladeplatz: a wrong password is named beside its field until it changes, and deletes nothing', async ({
  page,
  context,
}) => {
  const account = await freshAccount('ladeplatz');
  await signInTo(context, account);
  await page.goto(shopUrl('ladeplatz', PRIVACY));
  await expect(page).toHaveTitle(`Daten und Datenschutz – ${tenant('ladeplatz').providerName}`);
  const opener = page.getByRole('button', { name: 'Mein Konto löschen', exact: true });
  const dialog = await openDeletion(page, 'Mein Konto löschen');
  await expect(dialog).toHaveAccessibleName('Dein Konto endgültig löschen?');
  const password = dialog.getByLabel('Dein Passwort');
  await expect(password).toBeFocused();
  const confirm = dialog.getByRole('button', { name: 'Mein Konto endgültig löschen' });

  await confirm.click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/Bitte gib dein Passwort ein\.$/);

  await password.fill('Not-the-Passw0rd');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await confirm.click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Das aktuelle Passwort ist falsch\.$/);
  await expect(password).toBeFocused();
  await expect(dialog.getByTestId('deletion-status')).toHaveText('');
  // It goes once the field no longer holds the refused password.
  await password.fill('Not-the-Passw0rd!');
  await expect(password).not.toHaveAttribute('aria-invalid');

  // An order still being delivered holds the deletion back (the API's answer, played here).
  await page.route('**/api/shop/rest/account/delete', (route) =>
    route.fulfill({
      status: 409,
      json: {
        code: 'ACCOUNT_HAS_OPEN_ORDERS',
        message: 'An order is being delivered',
      } satisfies ErrorEnvelope,
    }),
  );
  await password.fill(account.password);
  await confirm.click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Eine deiner Bestellungen wird gerade noch ausgeführt.');
  await expect(refusal).toContainText('Es wurde nichts gelöscht.');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(password).toHaveValue(account.password);

  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  expect(await profileStatus(account)).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(shopUrl('ladeplatz', PRIVACY));
});

test('ladeplatz: deleting by password signs the shopper out onto the main page, which says so', async ({
  page,
  context,
}) => {
  const account = await freshAccount('ladeplatz');
  await signInTo(context, account);
  await context.addCookies([
    { name: COOKIE_NAMES.phoneNumber, value: '+4917012345678', url: shopUrl('ladeplatz', '/') },
  ]);
  await page.goto(shopUrl('ladeplatz', PRIVACY));
  await expect(page.getByRole('listitem').filter({ hasText: 'Deine Bestellungen bleiben' })).toBeVisible();
  const dialog = await openDeletion(page, 'Mein Konto löschen');
  await dialog.getByLabel('Dein Passwort').fill(account.password);
  await dialog.getByRole('button', { name: 'Mein Konto endgültig löschen' }).click();

  await expect(page).toHaveURL(shopUrl('ladeplatz'));
  await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible();
  // Said once: the page that showed the notice took it. The number kept for the checkout went too.
  const cookies = (await context.cookies()).map(({ name }) => name);
  expect(cookies).not.toContain(COOKIE_NAMES.notice);
  expect(cookies).not.toContain(COOKIE_NAMES.phoneNumber);
  expect(cookies).not.toContain(COOKIE_NAMES.accessToken);

  expect(await profileStatus(account)).toBe(401);
  await page.goto(shopUrl('ladeplatz', '/account'));
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/login?redirect=%2Faccount'));
});

test('topnet: an account without a password to give deletes itself with a mailed code', async ({
  page,
  context,
}) => {
  const account = await freshAccount('topnet');
  await signInTo(context, account);
  await page.goto(shopUrl('topnet', PRIVACY));
  await expect(page).toHaveTitle('Data and privacy – TopNet');
  const dialog = await openDeletion(page, 'Delete my account');
  const mailed = await mailCount(account.userName);
  await dialog.getByRole('button', { name: 'Send me a code' }).click();

  const code = dialog.getByLabel('6-digit code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(
    /^We have sent you a code by e-mail to .+\. It is valid for 10 minutes\.$/,
  );
  const sent = await mailedCode(account.userName, mailed);
  await expectNoAxeViolations(page, [
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);

  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await code.fill('123');
  await confirm.click();
  await expect(code).toHaveAccessibleDescription(/Please enter the 6 digits of the code\.$/);
  const wrong = sent === '000000' ? '000001' : '000000';
  await code.fill(wrong);
  await confirm.click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(
    /This code is wrong or no longer valid\. Please request a new one\.$/,
  );
  expect(await profileStatus(account)).toBe(200);

  await code.fill(sent);
  await confirm.click();
  await expect(page).toHaveURL(shopUrl('topnet'));
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await profileStatus(account)).toBe(401);
});

for (const shopId of ['blitzmobil', 'ladeplatz']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shopId}: the privacy page and its dialog in the ${theme} theme have no axe violation`, async ({
      page,
      context,
    }) => {
      await signIn(context, shopId);
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      await page.goto(shopUrl(shopId, PRIVACY));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
      await expectNoAxeViolations(page, tags);
      // The dialog asks nothing of the API until the shopper confirms: the demo account is safe.
      const dialog = await openDeletion(page, 'Mein Konto löschen');
      await dialog.getByRole('button', { name: 'Mein Konto endgültig löschen' }).click();
      await expect(dialog.getByLabel('Dein Passwort')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, tags);
    });
  }
}

test('the privacy page and its dialog fit 320 and 1366 px without sideways scrolling', async ({
  page,
  context,
}) => {
  const shopId = 'kartenkiosk';
  await signIn(context, shopId);
  for (const width of [320, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(shopUrl(shopId, PRIVACY));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `page at ${width} px`,
    ).toBeLessThanOrEqual(width);
    // A modal dialog is laid out above the page: what sticks out of it does not scroll the page.
    await openDeletion(page, 'Mein Konto löschen');
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll('dialog[open], dialog[open] *'))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(outside, `dialog at ${width} px`).toEqual([]);
  }
});
