import { type BrowserContext, expect, type Page } from '@playwright/test';
import { authAnswerSchema, confirmAccountAnswerSchema, registerAnswerSchema } from '@shop/domain/contract';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { ports } from '../playwright.config';
import { sandboxUrl, uniqueClientAddress } from './checkout';
import { apiCaller } from './demo-cart';
import { shopUrl, tenant } from './shop';

/** The API as the shop's server calls it, for what a journey prepares without the browser. */
export const callApi = apiCaller(`http://127.0.0.1:${ports.api}`);

export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const demoUserName = (shopId: string) => `demo@${shopId}.example`;

/** An e-mail address no journey has used before. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/**
 * A guest opens an account on the payment page (spec §6) with the e-mail the form holds: only then
 * may the method be kept for later.
 */
export async function openAccountWhilePaying(page: Page, password = 'Journey-Passw0rd-1') {
  const form = page.getByTestId('payment-form');
  await form.getByTestId('create-account').check();
  await form.getByLabel('Passwort für dein Konto', { exact: true }).fill(password);
}

/** The newest six-digit code the sandbox outbox holds for an e-mail address or a number, sent since `since`. */
export async function codeSentTo(to: string, since: Date): Promise<string | undefined> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(to)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  const messages = (await response.json()) as { text: string; sentAt: string }[];
  // Other messages (a link, an answer) may come in between: the newest one with a code counts.
  return messages
    .filter((message) => new Date(message.sentAt) >= since)
    .map((message) => message.text.match(/\b\d{6}\b/)?.[0])
    .find((code) => code !== undefined);
}

/** Waits for the code sent to `to` since `since` and answers it. */
export async function waitForCode(to: string, since: Date): Promise<string> {
  let code: string | undefined;
  await expect.poll(async () => (code = await codeSentTo(to, since)), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  return code ?? '';
}

export { ownClientAddress } from './checkout';

/** An account opened through the API and not confirmed yet. */
export async function registeredAccount(shopId: string, userName: string, password: string): Promise<void> {
  await callApi(tenant(shopId), '/api/auth/register', registerAnswerSchema, {
    method: 'POST',
    headers: { 'x-client-ip': uniqueClientAddress() },
    body: JSON.stringify({ userName, password }),
  });
}

/** An account opened and confirmed through the API, for journeys that start from an existing account. */
export async function confirmedAccount(shopId: string, userName: string, password: string): Promise<void> {
  const shop = tenant(shopId);
  const headers = { 'x-client-ip': uniqueClientAddress() };
  const since = new Date();
  await registeredAccount(shopId, userName, password);
  const code = await waitForCode(userName, since);
  await callApi(shop, '/api/shop/rest/v2/account/confirm', confirmAccountAnswerSchema, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userName, code }),
  });
}

/**
 * Signs the browser in as a new account of its own, without the sign-in page: the session cookie
 * as the shop sets it. (The demo accounts are shared with every journey on the machine, and the
 * API limits sign-ins per account.) Answers the account's e-mail.
 */
export async function signedInAsNewAccount(context: BrowserContext, shopId: string): Promise<string> {
  const email = uniqueEmail('shopper');
  const password = 'Journey-Passw0rd-1';
  await confirmedAccount(shopId, email, password);
  const answer = await callApi(tenant(shopId), '/api/auth/authenticate', authAnswerSchema, {
    method: 'POST',
    headers: { 'x-client-ip': uniqueClientAddress() },
    body: JSON.stringify({ userName: email, password }),
  });
  if (!answer.accessToken) throw new Error(`${shopId}: ${email} was not signed in`);
  await context.addCookies([
    {
      name: COOKIE_NAMES.accessToken,
      value: answer.accessToken,
      url: shopUrl(shopId, '/'),
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return email;
}

/** The session cookie the browser holds for the shop, if any. */
export async function sessionCookie(context: BrowserContext, shopId: string) {
  const cookies = await context.cookies(shopUrl(shopId, '/'));
  return cookies.find((cookie) => cookie.name === COOKIE_NAMES.accessToken);
}
