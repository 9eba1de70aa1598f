import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { mainPagePath } from '@shop/tenants';
import { ports } from '../playwright.config';
import {
  confirmedAccount,
  DEMO_PASSWORD,
  demoUserName,
  ownClientAddress,
  registeredAccount,
  sessionCookie,
  signedInAsNewAccount,
  uniqueEmail,
  waitForCode,
} from './accounts';
import {
  addTopup,
  choosePayment,
  expectOutcome,
  orderAndPay,
  payByCard,
  payerPage,
  sandboxUrl,
  testCards,
  uniqueClientAddress,
  uniqueNumber,
} from './checkout';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, requestShop, shopUrl, tenant } from './shop';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's description as read out: its hint and its problem, which the page marks with a warning sign. */
const described = (...parts: string[]) =>
  new RegExp(`^${parts.map((part) => `(⚠ )?${escaped(part)}`).join(' ')}$`);

async function inEnglish(page: Page, shopId: string) {
  await page.context().addCookies([{ name: COOKIE_NAMES.locale, value: 'en', url: shopUrl(shopId, '/') }]);
}

/** The session cookie is the shop's: httpOnly, Lax (decision 0037), for a year. */
async function expectSessionCookie(page: Page, shopId: string) {
  const cookie = await sessionCookie(page.context(), shopId);
  expect(cookie, 'session cookie').toBeDefined();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 3600);
}

/**
 * The demo accounts, their numbers and the API's limits per account and per number are shared by
 * every run against this machine's Redis (5 sign-in codes an hour to one number, 10 sign-ins in
 * 15 minutes to one account): a refusal of those limits says so instead of failing later.
 */
const SHARED_LIMIT =
  'the form shows no refusal; a limit of the API shared by every run on this Redis was reached';

function header(page: Page) {
  return page.getByTestId('header-account');
}

test('ladeplatz in English: a new shopper registers, confirms with the code from the e-mail and is signed in', async ({
  page,
}) => {
  await ownClientAddress(page.context(), 'ladeplatz');
  await inEnglish(page, 'ladeplatz');
  await page.goto(shopUrl('ladeplatz'));
  await header(page).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fshop$/);
  await expect(page).toHaveTitle('Sign in – Ladeplatz');

  const form = page.getByTestId('register-form');
  const email = uniqueEmail('register');
  const userName = form.getByRole('textbox', { name: 'E-mail address or mobile number' });
  const password = form.getByLabel('Password', { exact: true });
  await expect(userName).toHaveAttribute('autocomplete', 'username');
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await expect(password).toHaveAccessibleDescription('At least 10 characters.');

  await userName.fill(email);
  await password.fill('short');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    described('At least 10 characters.', 'The password needs at least 10 characters.'),
  );
  // Kept while the password is still too short, gone once it is long enough.
  await password.pressSequentially('1');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('Ladeplatz-Neu-2025');
  await expect(password).not.toHaveAttribute('aria-invalid');

  const since = new Date();
  await form.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    /^We have sent you an e-mail to confirm your registration\. Please enter the 6-digit code we sent to r\*\*\*@example\.com\.$/,
  );
  const code = dialog.getByRole('textbox', { name: 'Confirmation code' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page);

  const sent = await waitForCode(email, since);
  await code.fill(sent === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(code).toHaveAccessibleDescription(
    described('This code is wrong or no longer valid. Please request a new one.'),
  );
  await expect(code).toBeFocused();

  await code.fill(sent);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop'));
  await expect(header(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText('Your registration is complete.')).toBeVisible();
  await expectSessionCookie(page, 'ladeplatz');
});

test('funkfix: the demo account signs in by password, comes back to the page it came from and signs out', async ({
  page,
}) => {
  await ownClientAddress(page.context(), 'funkfix');
  await page.goto(shopUrl('funkfix', '/shop/checkout/cart'));
  const signIn = header(page).getByRole('link', { name: 'Anmelden' });
  await expect(signIn).toHaveAttribute('href', '/login?redirect=%2Fshop%2Fcheckout%2Fcart');
  await signIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();

  const form = page.getByTestId('sign-in-form');
  const userName = form.getByRole('textbox', { name: 'E-Mail-Adresse' });
  const password = form.getByLabel('Passwort', { exact: true });
  await expect(userName).toHaveAttribute('autocomplete', 'username');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(userName).toBeFocused();
  await expect(userName).toHaveAccessibleDescription(described('Bitte gib deine E-Mail-Adresse ein.'));

  // A wrong sign-in is refused alike for every account; an account of its own keeps the demo
  // account's sign-ins (limited per account, shared by every journey) for the real one.
  await userName.fill(uniqueEmail('nobody'));
  await password.fill('Wrong-Passw0rd!');
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(password).toHaveAccessibleDescription(described('Benutzername oder Passwort ist falsch.'));
  await expect(password).toBeFocused();
  expect(await sessionCookie(page.context(), 'funkfix')).toBeUndefined();

  await form.getByRole('button', { name: 'Passwort anzeigen' }).click();
  await expect(form.getByRole('button', { name: 'Passwort anzeigen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(password).toHaveAttribute('type', 'text');
  await userName.fill(demoUserName('funkfix'));
  await password.fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(shopUrl('funkfix', '/shop/checkout/cart'));
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByText('Du bist jetzt angemeldet.')).toBeVisible();
  await expectSessionCookie(page, 'funkfix');
  const token = (await sessionCookie(page.context(), 'funkfix'))?.value ?? '';

  // Signed in, the sign-in page goes straight on.
  await page.goto(shopUrl('funkfix', '/login'));
  await expect(page).toHaveURL(shopUrl('funkfix', mainPagePath(tenant('funkfix'))));

  await header(page).getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(shopUrl('funkfix', mainPagePath(tenant('funkfix'))));
  await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByText('Du wurdest abgemeldet.')).toBeVisible();
  expect(await sessionCookie(page.context(), 'funkfix')).toBeUndefined();
  const profile = await fetch(`http://127.0.0.1:${ports.api}/api/shop/rest/account/profile`, {
    headers: { 'x-tenant-id': 'funkfix', authorization: `Bearer ${token}` },
  });
  expect(profile.status, 'the session ended at the API').toBe(401);
});

test('belwaarde: the demo account signs in with a code sent by SMS to its number', async ({ page }) => {
  const number = '+31612340108';
  await ownClientAddress(page.context(), 'belwaarde');
  await page.goto(shopUrl('belwaarde', '/login'));
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('radio', { name: 'Met een code per sms' }).check();
  await form.getByRole('textbox', { name: 'E-mailadres of mobiel nummer' }).fill(number);
  const since = new Date();
  await form.getByRole('button', { name: 'Code sturen' }).click();
  const refusal = form.locator('.auth-form__error p');
  await expect(form.getByRole('status').or(refusal)).toBeVisible();
  await expect(refusal, SHARED_LIMIT).toBeHidden();
  await expect(form.getByRole('status')).toHaveText(
    'Als er een account bestaat, hebben we je een inlogcode gestuurd.',
  );
  const code = form.getByRole('textbox', { name: 'Code uit de sms' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');

  const sent = await waitForCode(number, since);
  await code.fill(sent === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(code).toHaveAccessibleDescription(
    described('Deze code is onjuist of niet meer geldig. Vraag een nieuwe aan.'),
  );

  await code.fill(sent);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(shopUrl('belwaarde', '/'));
  await expect(header(page).getByRole('link', { name: 'Mijn account' })).toBeVisible();
  await expectSessionCookie(page, 'belwaarde');
});

test('ladeplatz: a password kept under the old scheme is replaced in the dialog, and the shopper is signed in', async ({
  page,
}) => {
  const account = { userName: 'rehash@ladeplatz.example', password: 'Old-Passw0rd!' };
  await ownClientAddress(page.context(), 'ladeplatz');
  await inEnglish(page, 'ladeplatz');
  await page.goto(shopUrl('ladeplatz', '/login'));
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('textbox', { name: 'E-mail address or mobile number' }).fill(account.userName);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose a new password' });
  const refused = form.getByText('The user name or password is incorrect.');
  const refusal = form.locator('.auth-form__error p');
  await expect(dialog.or(refused).or(refusal)).toBeVisible();
  await expect(refusal, SHARED_LIMIT).toBeHidden();
  await expect(
    refused,
    'the rehash demo account got its new password in an earlier run on this data folder (delete data/e2e-* to run it again)',
  ).toBeHidden();
  await expect(dialog).toHaveAccessibleDescription('For your security, please choose a new password.');
  const password = dialog.getByLabel('New password', { exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await password.fill('short');
  await dialog.getByRole('button', { name: 'Save new password' }).click();
  await expect(password).toHaveAccessibleDescription(
    described('At least 10 characters.', 'The password needs at least 10 characters.'),
  );
  await expectNoAxeViolations(page);

  const newPassword = `Rehashed-${Date.now()}`;
  await password.fill(newPassword);
  await dialog.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(shopUrl('ladeplatz', '/shop'));
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expectSessionCookie(page, 'ladeplatz');
});

test('kartenkiosk: a forgotten password is reset with the code from the e-mail, then the shopper signs in with the new one', async ({
  page,
}) => {
  const email = uniqueEmail('forgot');
  await confirmedAccount('kartenkiosk', email, 'Kartenkiosk-Alt-2025');
  await ownClientAddress(page.context(), 'kartenkiosk');
  await inEnglish(page, 'kartenkiosk');
  await page.goto(shopUrl('kartenkiosk', '/login?redirect=/shop/checkout/cart'));

  const signInForm = page.getByTestId('sign-in-form');
  await signInForm.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  const forgot = signInForm.getByRole('button', { name: 'Forgot your password?' });
  await expect(forgot).toHaveAttribute('aria-expanded', 'false');
  await forgot.click();
  await expect(forgot).toHaveAttribute('aria-expanded', 'true');
  const forgotForm = page.getByTestId('forgot-password-form');
  await expect(forgotForm.getByRole('textbox', { name: 'E-mail address' })).toBeFocused();
  await expect(forgotForm.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  const since = new Date();
  await forgotForm.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL(
    shopUrl(
      'kartenkiosk',
      `/reset-password?${new URLSearchParams({ userName: email, redirect: '/shop/checkout/cart' })}`,
    ),
  );
  await expect(page).toHaveTitle('Reset your password – Kartenkiosk');
  await expect(
    page.getByText('If there is an account, we have sent you a code to reset your password.'),
  ).toBeVisible();
  const form = page.getByTestId('reset-password-form');
  await expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  const code = form.getByRole('textbox', { name: 'Code from the e-mail or SMS' });
  const password = form.getByLabel('New password', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  const sent = await waitForCode(email, since);

  await code.fill(sent === '000000' ? '111111' : '000000');
  await password.fill('Kartenkiosk-Neu-2025');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(code).toHaveAccessibleDescription(
    described('This code is wrong or no longer valid. Please request a new one.'),
  );
  await expect(form.getByTestId('reset-password-result')).toHaveText(
    'Your password has not been changed. This code is wrong or no longer valid. Please request a new one. (error: INVALID_VERIFICATION_CODE)',
  );

  await code.fill(sent);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(shopUrl('kartenkiosk', '/login?redirect=%2Fshop%2Fcheckout%2Fcart'));
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await signInForm.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await signInForm.getByLabel('Password', { exact: true }).fill('Kartenkiosk-Neu-2025');
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(shopUrl('kartenkiosk', '/shop/checkout/cart'));
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible();
});

test('rechargeplus in English: an account not confirmed yet is confirmed from the sign-in, with a new code', async ({
  page,
}) => {
  const email = uniqueEmail('unconfirmed');
  await registeredAccount('rechargeplus', email, 'Recharge-Plus-2025');
  await ownClientAddress(page.context(), 'rechargeplus');
  await inEnglish(page, 'rechargeplus');
  await page.goto(shopUrl('rechargeplus', '/login'));
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Recharge-Plus-2025');
  const signIn = form.getByRole('button', { name: 'Sign in' });
  await signIn.click();
  await expect(form.getByRole('alert')).toContainText(
    'Please confirm your account first with the code we sent you.',
  );

  const offer = form.getByRole('button', { name: 'Enter the confirmation code' });
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your account' });
  const code = dialog.getByRole('textbox', { name: 'Confirmation code' });
  await expect(code).toBeFocused();
  // The dialog keeps Tab inside and gives the focus back when it closes.
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();

  await offer.click();
  const since = new Date();
  await dialog.getByRole('button', { name: 'Send a new code' }).click();
  await expect(dialog.getByRole('status')).toHaveText('We have sent you a new code.');
  await expect(dialog.getByRole('button', { name: /^New code in \d+ s$/ })).toBeDisabled();
  await code.fill(await waitForCode(email, since));
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(shopUrl('rechargeplus', '/'));
  await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible();
});

test('the proxy keeps a sign-in’s token in the httpOnly cookie and out of the answer; tools on the bare host get it', async () => {
  const email = uniqueEmail('proxy');
  await confirmedAccount('topnet', email, 'Journey-Passw0rd-1');
  const body = JSON.stringify({ userName: email, password: 'Journey-Passw0rd-1' });
  const headers = {
    'Content-Type': 'application/json',
    // A shopper of its own address (decision 0062).
    'X-Forwarded-For': uniqueClientAddress(),
  };

  const shop = await requestShop('topnet.localhost', '/api/auth/authenticate', {
    method: 'POST',
    headers,
    body,
  });
  expect(shop.status).toBe(200);
  expect(shop.json()).toMatchObject({ passwordNeedsRehash: false, message: 'successfulAuthentication' });
  // The answer as spec §7 has it, and the session in the httpOnly cookie as well.
  expect(shop.json()).toHaveProperty('accessToken');
  expect(shop.headers['set-cookie']).toEqual([
    expect.stringMatching(/^accessToken=[\w-]{20,}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/),
  ]);
  expect(shop.headers['cache-control']).toBe('no-store');

  const tool = await requestShop('localhost', '/api/auth/authenticate', {
    method: 'POST',
    headers: { ...headers, 'X-Tenant-Id': 'topnet' },
    body,
  });
  expect(tool.json()).toHaveProperty('accessToken');
  expect(tool.headers['set-cookie']).toBeUndefined();

  const token = /^accessToken=([^;]+)/.exec(shop.headers['set-cookie']?.[0] ?? '')?.[1] ?? '';
  const signOut = await requestShop('topnet.localhost', '/api/auth/signOut', {
    method: 'POST',
    headers: {
      'X-Forwarded-For': headers['X-Forwarded-For'],
      Cookie: `accessToken=${token}; phoneNumber=%2B447712340110`,
    },
  });
  expect(signOut.status).toBe(200);
  expect(signOut.headers['set-cookie']).toEqual([
    'accessToken=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    'phoneNumber=; Max-Age=0; Path=/; SameSite=Lax',
  ]);
});

test('the sign-in page goes back only to pages of the shop', async ({ page }) => {
  const email = uniqueEmail('redirect');
  await confirmedAccount('funkfix', email, 'Journey-Passw0rd-1');
  await ownClientAddress(page.context(), 'funkfix');
  await page.goto(shopUrl('funkfix', '/login?redirect=//evil.example/steal'));
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await form.getByLabel('Passwort', { exact: true }).fill('Journey-Passw0rd-1');
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(shopUrl('funkfix', mainPagePath(tenant('funkfix'))));
});

test('tarifwerk has no sign-in anywhere', async ({ page }) => {
  await page.goto(shopUrl('tarifwerk'));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(header(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  for (const path of ['/login', '/reset-password']) {
    const response = await page.goto(shopUrl('tarifwerk', path));
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
  const signOut = await requestShop('tarifwerk.localhost', '/logout', { method: 'POST' });
  expect(signOut.status).toBe(404);
});

test('the sign-out form only takes posts from the shop’s own pages', async () => {
  const response = await requestShop('funkfix.localhost', '/logout', {
    method: 'POST',
    headers: { Origin: 'https://evil.example' },
  });
  expect(response.status).toBe(403);
});

test('funkfix: a guest opens an account while paying (the password rule checked first); the paid order and its receipt are in the new account', async ({
  page,
}) => {
  const number = uniqueNumber('+49170');
  await addTopup(page, 'funkfix', {
    amount: '15 €',
    phone: number,
    labels: { phone: 'Handynummer', next: 'Weiter' },
  });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  const email = uniqueEmail('checkout');
  await choosePayment(page, { email, method: 'Kreditkarte' });
  const form = page.getByTestId('payment-form');
  await form.getByRole('checkbox', { name: 'Mit dieser E-Mail-Adresse ein Konto anlegen' }).check();
  const password = form.getByLabel('Passwort für dein Konto', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await expect(password).toHaveAccessibleDescription('Mindestens 10 Zeichen.');
  await password.fill('kurz');
  await orderAndPay(page, '15 €');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(
    described('Mindestens 10 Zeichen.', 'Das Passwort braucht mindestens 10 Zeichen.'),
  );
  await expect(page).toHaveURL(/\/shop\/checkout\/payment$/);

  await password.fill('Funkfix-Konto-2025');
  const address = page.waitForRequest((request) => request.url().endsWith('/api/shop/rest/checkout-address'));
  await orderAndPay(page, '15 €');
  expect((await address).postDataJSON()).toMatchObject({
    deliveryAddress: { email, createAccount: true, password: 'Funkfix-Konto-2025' },
  });
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
  await expectOutcome(page, 'Deine Bestellung ist abgeschlossen. Vielen Dank!');
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible();

  await header(page).getByRole('link', { name: 'Mein Konto' }).click();
  const card = page.getByTestId('latest-orders').getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: /^Bestellung FUN-/ }).click();
  await expect(page.getByTestId('amount-charged')).toHaveText('15 €');
  await expect(page.getByText('+49 170', { exact: false }).first()).toBeVisible();
  // The receipt went to the address the account was opened with.
  const mails = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(email)}`).then(
    (response) => response.json() as Promise<{ subject: string }[]>,
  );
  expect(mails.map((mail) => mail.subject)).toContainEqual(
    expect.stringMatching(/^FunkFix: Ihre Bestellung FUN-/),
  );
});

test('blitzmobil: a subscriber signs in with the Blitz Mobil account (single sign-on) and comes back signed in', async ({
  page,
}) => {
  await ownClientAddress(page.context(), 'blitzmobil');
  await page.goto(shopUrl('blitzmobil', '/login?redirect=%2Fshop%2Fcheckout%2Fcart'));
  await page.getByRole('link', { name: 'Mit deinem Blitz Mobil-Konto anmelden' }).click();
  await expect(page).toHaveURL(/\/idp\/blitzmobil\/authorize\?/);
  await page.getByLabel('Phone number').fill(uniqueNumber('+49151'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(shopUrl('blitzmobil', '/shop/checkout/cart'));
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible();
  await expectSessionCookie(page, 'blitzmobil');

  // A return without the state this browser was sent off with signs nobody in.
  await page.context().clearCookies();
  await page.goto(
    shopUrl('blitzmobil', '/login/sso/callback?assertion=forged.assertion.value&state=guessed'),
  );
  await expect(page).toHaveURL(/\/login\?sso=failed$/);
  await expect(page.getByText('Die Anmeldung über dein Blitz Mobil-Konto hat nicht geklappt.')).toBeVisible();
  expect(await sessionCookie(page.context(), 'blitzmobil')).toBeUndefined();
  // Shops without single sign-on offer none.
  await page.goto(shopUrl('funkfix', '/login'));
  await expect(page.getByRole('link', { name: /Konto anmelden$/ })).toHaveCount(0);
  expect((await requestShop('funkfix.localhost', '/login/sso')).status).toBe(404);
});

test('funkfix: a signed-in shopper pays without the account option and comes back from the provider still signed in', async ({
  page,
}) => {
  const email = await signedInAsNewAccount(page.context(), 'funkfix');
  await addTopup(page, 'funkfix', {
    amount: '15 €',
    phone: uniqueNumber('+49170'),
    labels: { phone: 'Handynummer', next: 'Weiter' },
  });
  await page.getByRole('link', { name: 'Weiter zur Zahlung' }).click();
  const form = page.getByTestId('payment-form');
  await expect(form.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(email);
  await expect(form.getByTestId('create-account')).toHaveCount(0);
  await choosePayment(page, { email, method: 'Kreditkarte' });
  await orderAndPay(page, '15 €');
  await expect(page).toHaveURL(payerPage);
  await payByCard(page.locator('body'), testCards.approve);
  // Back from another site by a top-level navigation: the Lax session cookie comes along.
  await expect(page).toHaveURL(/\/shop\/checkout\/result\?/);
  await expect(header(page).getByRole('link', { name: 'Mein Konto' })).toBeVisible();
});

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('blitzmobil: the signed-in header fits and its account controls work from the menu', async ({
    page,
  }) => {
    await signedInAsNewAccount(page.context(), 'blitzmobil');
    for (const width of [320, 390, 768, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(shopUrl('blitzmobil'));
      if (width < 768) await page.getByTestId('header-menu').click();
      for (const control of [
        header(page).getByRole('link', { name: 'Mein Konto' }),
        header(page).getByRole('button', { name: 'Abmelden' }),
      ]) {
        await expect(control).toBeVisible();
        const box = await control.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `inside ${width} px`).toBe(true);
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
    }
  });
});

for (const shopId of ['blitzmobil', 'ladeplatz']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${shopId}: the sign-in pages in the ${theme} theme have no axe violation`, async ({ page }) => {
      await page
        .context()
        .addCookies([{ name: COOKIE_NAMES.theme, value: theme, url: shopUrl(shopId, '/') }]);
      const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
      await page.goto(shopUrl(shopId, '/login'));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const form = page.getByTestId('sign-in-form');
      await expect(form.getByRole('textbox', { name: /E-Mail-Adresse/ })).toBeEnabled();
      await expectNoAxeViolations(page, tags);

      // With every problem shown, and the other parts open.
      await form.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByTestId('register-form').getByRole('button', { name: 'Konto anlegen' }).click();
      await form.getByRole('button', { name: 'Passwort vergessen?' }).click();
      await expect(page.getByTestId('forgot-password-form')).toBeVisible();
      await expectNoAxeViolations(page, tags);
      await form.getByRole('radio', { name: 'Mit einem Code per SMS' }).check();
      await expectNoAxeViolations(page, tags);

      await page.goto(shopUrl(shopId, '/reset-password'));
      const reset = page.getByTestId('reset-password-form');
      await expect(reset.getByRole('textbox', { name: /E-Mail-Adresse/ })).toBeEnabled();
      await expectNoAxeViolations(page, tags);
      await reset.getByRole('button', { name: 'Neues Passwort speichern' }).click();
      await expectNoAxeViolations(page, tags);
    });
  }
}
