import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { signIn } from './account-sessions';
import { ownClientAddress, signedInAsNewAccount } from './accounts';
import { payByCard, sandboxUrl, testCards } from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, requestShop, shopUrl } from './shop';

const METHODS_PATH = '/account/settings/payment-methods';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const MASTERCARD = '5555 5555 5555 4444';

/** The methods page of funkfix (German), back from the provider or after a change. */
const methodsPage = /\/account\/settings\/payment-methods$/;

const methods = (page: Page) => page.getByTestId('payment-methods').getByTestId('payment-method');
const method = (page: Page, name: string) =>
  methods(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Starts saving a card on funkfix's page: off to the provider's save page. */
async function startAddingCard(page: Page) {
  await page.getByRole('button', { name: 'Karte hinzufügen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/psp/save/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Save your card' })).toBeVisible();
}

/** Saves a card on the provider's page and comes back to the methods page. */
async function addCard(page: Page, cardNumber: string) {
  await startAddingCard(page);
  await payByCard(page.locator('body'), cardNumber);
  await expect(page).toHaveURL(methodsPage);
}

/*
 * The demo accounts are shared by every journey, and the API allows ten sign-ins per account in
 * 15 minutes: one test signs in the demo account (it changes nothing); the others open accounts
 * of their own.
 */
test('funkfix demo account: the demo card with its expiry pays an automatic top-up, so it cannot be deleted', async ({
  page,
  context,
}) => {
  await signIn(context, 'funkfix');
  await page.goto(shopUrl('funkfix', '/account'));
  await page.getByRole('link', { name: 'Zahlungsarten verwalten' }).click();
  await expect(page).toHaveURL(methodsPage);
  await expect(page).toHaveTitle('Zahlungsarten – FunkFix');
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlungsarten' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Kontobereich' });
  await expect(nav.getByRole('link', { name: 'Zahlungsarten' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Automatische Aufladungen' })).toHaveAttribute(
    'href',
    '/account/automatic-topups',
  );

  const demo = method(page, 'Demo card');
  await expect(demo).toContainText('Visa •••• 1111');
  await expect(demo.getByTestId('payment-method-expiry')).toHaveText('Gültig bis 12/30');
  await expect(demo).toContainText('Für eine automatische Aufladung verwendet');

  // The delete button stays in the tab order and says why it does nothing.
  const remove = demo.getByRole('button', { name: 'Demo card löschen' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(
    /^Diese Zahlungsart wird für eine automatische Aufladung verwendet und kann nicht gelöscht werden\./,
  );
  // Until the page's script runs the button is disabled outright, and takes no focus.
  await expect(remove).not.toHaveAttribute('disabled');
  await remove.focus();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-method-delete-dialog')).toBeHidden();
  await expect(demo).toBeVisible();
  // The API refuses it too (DISALLOWED_PAYMENT_TOKEN_ID, spec §8 usedPaymentTokenError).
  const refusal = await page.evaluate(async () => {
    const list = await fetch('/api/shop/rest/payment-tokens').then((response) => response.json());
    const demoCard = list.paymentTokens.find((token: { name: string }) => token.name === 'Demo card');
    const response = await fetch('/api/shop/rest/payment-tokens/delete', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: demoCard.id }),
    });
    return { status: response.status, code: (await response.json()).code };
  });
  expect(refusal).toEqual({ status: 409, code: 'DISALLOWED_PAYMENT_TOKEN_ID' });

  await expectNoAxeViolations(page, AXE_TAGS);
});

test('funkfix: a shopper saves cards, is told of one saved already, renames one and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // An account of its own: the journey changes what is saved.
  await ownClientAddress(context, 'funkfix');
  await signedInAsNewAccount(context, 'funkfix');
  // A return for a method the account does not have: nothing is saved, and the page says why.
  await page.goto(shopUrl('funkfix', `${METHODS_PATH}/return?id=00000000-0000-4000-8000-000000000000`));
  await expect(page).toHaveURL(methodsPage);
  await expect(page.getByTestId('payment-methods-error')).toHaveText('Diese Zahlungsart ist unbekannt.');
  await expect(page.getByTestId('payment-methods-empty')).toContainText('Noch keine Zahlungsart gespeichert');
  await expect(page.getByRole('button', { name: 'PayPal hinzufügen' })).toBeVisible();

  // Cancelled at the provider: nothing is saved, and the page says so.
  await startAddingCard(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(methodsPage);
  await expect(page.getByTestId('payment-methods-error')).toHaveText(
    'Das Speichern der Zahlungsart wurde abgebrochen.',
  );
  await expect(page.getByTestId('payment-methods-empty')).toBeVisible();

  await addCard(page, testCards.approve);
  await expect(page.getByTestId('payment-methods-message')).toHaveText(
    'Deine Zahlungsart wurde hinzugefügt.',
  );
  await expect(methods(page)).toHaveCount(1);
  const visa = method(page, 'Visa •••• 1111');
  await expect(visa.getByTestId('payment-method-expiry')).toHaveText(/^Gültig bis 12\/\d{2}$/);
  // The message came with the address; a reload does not say it again.
  await page.reload();
  await expect(page.getByTestId('payment-methods-message')).toHaveCount(0);

  // The same card again (number and expiry): refused, PAYMENT_TOKEN_ALREADY_EXISTS.
  await addCard(page, testCards.approve);
  await expect(page.getByTestId('payment-methods-error')).toHaveText(
    'Diese Zahlungsart wurde bereits gespeichert.',
  );
  await expect(methods(page)).toHaveCount(1);

  await addCard(page, MASTERCARD);
  await expect(page.getByTestId('payment-methods-message')).toHaveText(
    'Deine Zahlungsart wurde hinzugefügt.',
  );
  await expect(methods(page)).toHaveCount(2);
  await expect(page.getByTestId('payment-methods-count')).toHaveText('2 von 5 gespeichert');
  const mastercard = method(page, 'Mastercard •••• 4444');
  await expect(mastercard.locator('img')).toHaveAttribute('src', '/card-brands/mastercard.svg');

  // Rename in place: a name is needed; Escape keeps the old one.
  await mastercard.getByRole('button', { name: 'Mastercard •••• 4444 umbenennen' }).click();
  const name = page.getByRole('textbox', { name: 'Name dieser Zahlungsart' });
  await expect(name).toBeFocused();
  await name.fill('   ');
  await page.getByRole('button', { name: 'Namen speichern' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Bitte gib einen Namen ein\.$/);
  await name.press('Escape');
  await expect(mastercard.getByRole('button', { name: 'Mastercard •••• 4444 umbenennen' })).toBeFocused();

  await mastercard.getByRole('button', { name: 'Mastercard •••• 4444 umbenennen' }).click();
  await name.fill('Prepaid-Karte');
  await name.press('Enter');
  await expect(page.getByTestId('payment-methods-message')).toHaveText(
    'Deine Änderungen wurden gespeichert.',
  );
  const renamed = method(page, 'Prepaid-Karte');
  await expect(renamed).toContainText('Mastercard •••• 4444');
  await expect(renamed.getByRole('button', { name: 'Prepaid-Karte umbenennen' })).toBeFocused();
  await page.reload();
  await expect(renamed).toBeVisible();

  // Delete after a confirm; keeping it first changes nothing.
  await renamed.getByRole('button', { name: 'Prepaid-Karte löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Diese Zahlungsart löschen?' });
  await expect(dialog).toContainText('„Prepaid-Karte“ wird aus deinem Konto entfernt.');
  await expect(dialog.getByRole('button', { name: 'Behalten' })).toBeFocused();
  await expectNoAxeViolations(page, AXE_TAGS);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(renamed.getByRole('button', { name: 'Prepaid-Karte löschen' })).toBeFocused();

  await renamed.getByRole('button', { name: 'Prepaid-Karte löschen' }).click();
  await dialog.getByRole('button', { name: 'Zahlungsart löschen' }).click();
  await expect(page.getByTestId('payment-methods-message')).toHaveText('Erfolgreich gelöscht.');
  await expect(methods(page)).toHaveCount(1);
  await expect(renamed).toHaveCount(0);
  await page.reload();
  await expect(methods(page)).toHaveCount(1);
  await expect(method(page, 'Visa •••• 1111')).toBeVisible();
  await expectNoAxeViolations(page, AXE_TAGS);
});

test('ladeplatz: the page in the dark theme has no axe violation and fits a 320 px screen', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await ownClientAddress(context, 'ladeplatz');
  await signedInAsNewAccount(context, 'ladeplatz');
  await context.addCookies([{ name: COOKIE_NAMES.theme, value: 'dark', url: shopUrl('ladeplatz', '/') }]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(shopUrl('ladeplatz', METHODS_PATH));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, AXE_TAGS);
  await addCard(page, MASTERCARD);
  await expect(methods(page)).toHaveCount(1);
  await expectNoAxeViolations(page, AXE_TAGS);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(320);
});

test.describe('the return from the provider', () => {
  test('without a session waits for the sign-in, which comes back to it', async () => {
    const path = `${METHODS_PATH}/return?id=00000000-0000-4000-8000-000000000000&status=ACTIVE`;
    const response = await requestShop('funkfix.localhost', path);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/login?${new URLSearchParams({ redirect: path })}`);
  });

  test('is a 404, like the page, where the shop has no accounts', async () => {
    for (const path of [METHODS_PATH, `${METHODS_PATH}/return?id=00000000-0000-4000-8000-000000000000`]) {
      const response = await requestShop('tarifwerk.localhost', path);
      expect(response.status, path).toBe(404);
    }
  });
});
