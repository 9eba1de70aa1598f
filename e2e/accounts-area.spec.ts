import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { demoUser, signIn } from './account-sessions';
import { choosePayment, expectOutcome, PAY_BUTTON, payByCard, testCards } from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, shopUrl, tenant } from './shop';

const EUROPEAN_DATE = /^\d{2}\.\d{2}\.\d{4}$/;

/** A field's description ending in the problem (the shop puts a warning sign before it). */
const problem = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

test.describe('signed in as the demo account', () => {
  test('funkfix: the overview shows the profile in short and the latest 3 orders', async ({
    page,
    context,
  }) => {
    await signIn(context, 'funkfix');
    await page.goto(shopUrl('funkfix', '/account'));
    await expect(page).toHaveTitle('Mein Konto – FunkFix');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    const summary = page.getByTestId('profile-summary');
    await expect(summary).toContainText(demoUser('funkfix'));
    await expect(summary).toContainText('+49 170 12340101');
    await expect(page.getByTestId('latest-orders').getByTestId('order-card')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Alle Bestellungen ansehen' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    await expect(page.getByRole('link', { name: 'Daten ändern' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    const nav = page.getByRole('navigation', { name: 'Kontobereich' });
    await expect(nav.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
  });

  test('funkfix: the history lists the orders with dates as dd.mm.yyyy and filters them', async ({
    page,
    context,
  }) => {
    await signIn(context, 'funkfix');
    await page.goto(shopUrl('funkfix', '/account/orders'));
    await expect(page).toHaveTitle('Deine Bestellungen – FunkFix');
    const cards = page.getByTestId('order-list').getByTestId('order-card');
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId('order-count')).toHaveText('3 Bestellungen');
    for (const date of await cards.getByTestId('order-date').allTextContents()) {
      expect(date).toMatch(EUROPEAN_DATE);
    }
    await expect(cards.first().getByTestId('order-total')).toHaveText(/^\d+(,\d\d)?\s€$/);
    await expect(cards.first()).toContainText('+49 170 12340101');
    await expect(cards.first().getByTestId('order-status')).toHaveText(/Abgeschlossen/);

    // The filter is a plain form: its result has an address of its own.
    const filter = page.getByTestId('order-filter');
    await filter.getByLabel('Bestellstatus').selectOption({ label: 'Fehlgeschlagen' });
    await filter.getByRole('button', { name: 'Bestellungen anzeigen' }).click();
    await expect(page).toHaveURL(/\/account\/orders\?from=&to=&status=failed$/);
    await expect(page.getByTestId('orders-empty')).toContainText('Keine Bestellung passt zu diesem Filter.');
    await expect(filter.getByLabel('Bestellstatus')).toHaveValue('failed');

    await page.goto(shopUrl('funkfix', '/account/orders?status=completed&from=2000-01-01'));
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId('order-count')).toHaveText('3 Bestellungen gefunden');
    await page.getByRole('link', { name: 'Alle Bestellungen zeigen' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
  });

  test('belwaarde: dates are written as the Netherlands write them', async ({ page, context }) => {
    await signIn(context, 'belwaarde');
    await page.goto(shopUrl('belwaarde', '/account/orders'));
    const dates = await page.getByTestId('order-date').allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  test('funkfix: an order’s page shows what was charged, the credit and the number', async ({
    page,
    context,
  }) => {
    await signIn(context, 'funkfix');
    await page.goto(shopUrl('funkfix', '/account/orders'));
    const first = page.getByTestId('order-card').first();
    const total = await first.getByTestId('order-total').textContent();
    await first.getByRole('link', { name: /^Bestellung FUN-/ }).click();
    await expect(page).toHaveURL(/\/account\/orders\/FUN-[A-Z0-9]{8}$/);
    const orderNumber = page.url().split('/').pop() ?? '';
    await expect(page).toHaveTitle(`Bestellung ${orderNumber} – FunkFix`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestellung ${orderNumber}`);
    await expect(page.getByTestId('order-date')).toHaveText(EUROPEAN_DATE);
    await expect(page.getByTestId('amount-charged')).toHaveText(total ?? '');
    await expect(page.getByTestId('credit-added')).toHaveText(total ?? '');
    await expect(page.getByTestId('topped-up-numbers')).toHaveText('+49 170 12340101');
    await expect(page.getByTestId('payment-reference')).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zu deinen Bestellungen' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
  });

  test('funkfix: an order the account does not have is a 404 with its own message', async ({
    page,
    context,
  }) => {
    await signIn(context, 'funkfix');
    const response = await page.goto(shopUrl('funkfix', '/account/orders/FUN-NOTMINE1'));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('order-not-found')).toContainText(
      'Diese Bestellung konnten wir nicht finden.',
    );
  });

  test('alpenfunk: the profile saves names and address, with problems next to their fields until fixed', async ({
    page,
    context,
  }) => {
    await signIn(context, 'alpenfunk');
    await page.goto(shopUrl('alpenfunk', '/account/profile'));
    await expect(page).toHaveTitle('Persönliche Daten – AlpenFunk');
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Änderungen speichern' }) });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    // What is typed before the page runs in the browser is not the form's yet; the button says when.
    await expect(form.getByRole('button', { name: 'Änderungen speichern' })).toBeEnabled();
    for (const label of ['Postleitzahl', 'Ort', 'Straße', 'Hausnummer']) await field(label).fill('');

    // An address begun but not finished: each missing part is named beside its field.
    await field('Straße').fill('Graben');
    await form.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(field('Postleitzahl')).toBeFocused();
    await expect(field('Postleitzahl')).toHaveAttribute('aria-invalid', 'true');
    await expect(field('Postleitzahl')).toHaveAccessibleDescription(
      problem('Bitte gib deine Postleitzahl ein.'),
    );
    await expect(field('Hausnummer')).toHaveAccessibleDescription(problem('Bitte gib deine Hausnummer ein.'));
    // It stays until the field is right: a German postcode is not one of Austria.
    await field('Postleitzahl').fill('10115');
    await expect(field('Postleitzahl')).toHaveAccessibleDescription(
      problem('Diese Postleitzahl passt nicht zum Land der Adresse. Bitte prüfe sie.'),
    );
    await field('Postleitzahl').fill('1010');
    await expect(field('Postleitzahl')).not.toHaveAttribute('aria-invalid');
    await expect(field('Hausnummer')).toHaveAttribute('aria-invalid', 'true');

    await field('Vorname').fill('Kim');
    await field('Nachname').fill('Berger');
    await field('Land').selectOption({ label: 'Österreich' });
    await field('Ort').fill('Wien');
    await field('Hausnummer').fill('12');
    await form.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByTestId('profile-status')).toHaveText('Deine Änderungen wurden gespeichert.');

    await page.reload();
    await expect(field('Vorname')).toHaveValue('Kim');
    await expect(field('Ort')).toHaveValue('Wien');
    await expect(field('Land')).toHaveValue('AT');
    await page.goto(shopUrl('alpenfunk', '/account'));
    await expect(page.getByTestId('profile-summary')).toContainText('Graben 12');
    await expect(page.getByTestId('profile-summary')).toContainText('1010 Wien');
  });

  test('alpenfunk: a wrong current password is named next to its field until it is changed', async ({
    page,
    context,
  }) => {
    await signIn(context, 'alpenfunk');
    await page.goto(shopUrl('alpenfunk', '/account/profile'));
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Passwort ändern' }) });
    const current = form.getByLabel('Aktuelles Passwort');
    const fresh = form.getByLabel('Neues Passwort');
    // The rule is there before anything is typed.
    await expect(fresh).toHaveAccessibleDescription(/^Mindestens 10 Zeichen\./);
    await expect(form.getByRole('button', { name: 'Passwort ändern' })).toBeEnabled();
    await current.fill('Nicht-das-Passw0rt');
    await fresh.fill('Ein-ganz-neues-Passw0rt');
    await form.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(problem('Das aktuelle Passwort ist falsch.'));
    await fresh.fill('Ein-anderes-Passw0rt');
    await expect(current).toHaveAccessibleDescription(problem('Das aktuelle Passwort ist falsch.'));
    await current.fill('Noch-ein-Versuch');
    await expect(current).not.toHaveAttribute('aria-invalid');
    await expect(page.getByTestId('password-status')).toHaveText('');
  });

  test('ladeplatz: a voucher bought while signed in is in the history with its PIN and copy button', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await signIn(context, 'ladeplatz');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(shopUrl('ladeplatz', '/shop/gaming/pixelpass'));
    await page.getByRole('button', { name: 'PixelPass 25 € in den Warenkorb legen' }).click();
    await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
    await choosePayment(page, { email: demoUser('ladeplatz'), method: 'Kreditkarte' });
    await page.getByRole('button', { name: PAY_BUTTON }).click();
    await payByCard(
      page.frameLocator('iframe[title="Sichere Zahlungsseite: Kreditkarte"]').locator('body'),
      testCards.approve,
    );
    await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
    const pin = (await page.getByTestId('voucher-pin').locator('code').textContent()) ?? '';
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';

    await page.goto(shopUrl('ladeplatz', '/account/orders'));
    const newest = page.getByTestId('order-card').first();
    await expect(newest).toContainText(orderNumber);
    await expect(newest).toContainText('PixelPass 25 €');
    await newest.getByRole('link', { name: `Bestellung ${orderNumber}` }).click();
    const voucher = page.getByTestId('voucher-pin');
    await expect(voucher.locator('code')).toHaveText(pin);
    await expect(voucher.getByTestId('voucher-redemption')).toContainText('Code einlösen');
    await expect(page.getByTestId('amount-charged')).toHaveText(
      (await page.getByTestId('order-total').textContent()) ?? '',
    );
    const copied = voucher.getByRole('status');
    await expect(copied).toBeEmpty();
    await voucher.getByRole('button', { name: 'PIN kopieren' }).click();
    await expect(copied).toHaveText('Die PIN wurde kopiert.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pin);
    await expectNoAxeViolations(page);
  });
});

test('not signed in, the account sends the shopper to sign in and back', async ({ page, context }) => {
  await page.goto(shopUrl('funkfix', '/account'));
  await expect(page).toHaveURL(shopUrl('funkfix', '/login?redirect=%2Faccount'));

  // A session the API no longer knows counts as none.
  await context.addCookies([
    { name: COOKIE_NAMES.accessToken, value: 'expired', url: shopUrl('funkfix', '/'), httpOnly: true },
  ]);
  await page.goto(shopUrl('funkfix', '/account/orders?status=failed'));
  await expect(page).toHaveURL(shopUrl('funkfix', '/login?redirect=%2Faccount%2Forders%3Fstatus%3Dfailed'));
});

test('tarifwerk has no accounts: its account pages are not found', async ({ page }) => {
  for (const path of ['/account', '/account/profile', '/account/orders', '/account/orders/TAR-ABCD1234']) {
    const response = await page.goto(shopUrl('tarifwerk', path));
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('order-not-found')).toHaveCount(0);
  }
});

/** The four account pages of the shop's demo account, the order page of its newest order. */
async function accountPages(page: Page, shopId: string): Promise<string[]> {
  await page.goto(shopUrl(shopId, '/account/orders'));
  const href = await page.getByTestId('order-card').first().getByRole('link').getAttribute('href');
  return ['/account', '/account/profile', '/account/orders', href ?? ''];
}

for (const shopId of ['blitzmobil', 'ladeplatz']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shopId}: the account pages in the ${theme} theme have no axe violation`, async ({
      page,
      context,
    }) => {
      test.setTimeout(60_000);
      await signIn(context, shopId);
      await context.addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      for (const path of await accountPages(page, shopId)) {
        await page.goto(shopUrl(shopId, path));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page, [
          'wcag2a',
          'wcag2aa',
          'wcag21a',
          'wcag21aa',
          'wcag22aa',
          'best-practice',
        ]);
      }
    });
  }
}

test('the account pages fit every width from 320 to 1440 px without sideways scrolling', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const shopId = 'kartenkiosk';
  expect(tenant(shopId).flags.isAuthDisabled).toBe(false);
  await signIn(context, shopId);
  const paths = await accountPages(page, shopId);
  for (const width of [320, 390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(shopUrl(shopId, path));
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        wide: Array.from(document.querySelectorAll('main *'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      }));
      expect(overflow.scrollWidth, `${path} at ${width} px: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
        width,
      );
    }
  }
});
