import { authAnswerSchema, confirmAccountAnswerSchema, registerAnswerSchema } from '@shop/domain/contract';
import type { OutboxMessage } from '@shop/sandbox/testing';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { DEMO_PASSWORD, demoUserName } from './accounts';
import { ownClientAddress, sandboxUrl, uniqueClientAddress } from './checkout';
import { expect, type Page } from './fixtures';
import { requestShop, shopUrl } from './shop';

type BrowserContext = ReturnType<Page['context']>;

export { DEMO_PASSWORD } from './accounts';
export { demoUserName as demoUser };

const json = (body: unknown, clientIp?: string) => ({
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    // A shopper of its own address (decision 0062).
    ...(clientIp ? { 'X-Forwarded-For': clientIp } : {}),
  },
  body: JSON.stringify(body),
});

/** Signs in through the shop's `/api/auth/authenticate`, as the sign-in page does: the session's token. */
async function newSession(shopId: string, userName: string, password: string, clientIp?: string) {
  const response = await requestShop(
    `${shopId}.localhost`,
    '/api/auth/authenticate',
    json({ userName, password }, clientIp),
  );
  if (response.status !== 200) throw new Error(`Sign-in on ${shopId}: ${response.status} ${response.text()}`);
  const { accessToken } = authAnswerSchema.parse(response.json());
  if (!accessToken) throw new Error(`Sign-in on ${shopId} answered no session`);
  return accessToken;
}

/** Puts a session into the browser as the sign-in page will: the httpOnly session cookie. */
export async function putSession(context: BrowserContext, shopId: string, accessToken: string) {
  await context.addCookies([
    {
      name: COOKIE_NAMES.accessToken,
      value: accessToken,
      url: shopUrl(shopId, '/'),
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/**
 * Sessions of the demo accounts, one per shop and worker: the API allows ten sign-ins per
 * account in 15 minutes, so the journeys share one instead of signing in each time.
 */
const demoSessions = new Map<string, Promise<string>>();

/** Signs the browser in as the shop's demo account. */
export async function signIn(context: BrowserContext, shopId: string) {
  let session = demoSessions.get(shopId);
  if (!session) {
    session = newSession(shopId, demoUserName(shopId), DEMO_PASSWORD, uniqueClientAddress());
    demoSessions.set(shopId, session);
  }
  await putSession(context, shopId, await session);
}

/** The messages the sandbox outbox holds for an e-mail address, newest first. */
async function mailTo(address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${sandboxUrl}/outbox?to=${encodeURIComponent(address)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Outbox for ${address}: ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/** The six-digit code of the newest e-mail to `address`, once more than `seen` have arrived. */
export async function mailedCode(address: string, seen = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await mailTo(address);
        code = messages.length > seen ? messages[0]?.text.match(/\b\d{6}\b/)?.[0] : undefined;
        return code;
      },
      { message: `a code mailed to ${address}`, timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** How many e-mails the sandbox outbox holds for `address`. */
export const mailCount = async (address: string) => (await mailTo(address)).length;

export interface FreshAccount {
  shopId: string;
  userName: string;
  password: string;
  accessToken: string;
  /** The address its calls come from, so that no other journey's calls count against its limits. */
  clientIp: string;
}

/**
 * An account of its own for a journey that changes or deletes it (never a demo account):
 * registered, confirmed with the mailed code and signed in, as a shopper would.
 */
export async function freshAccount(shopId: string): Promise<FreshAccount> {
  const host = `${shopId}.localhost`;
  const userName = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const password = 'Quiet-Lantern-Road-58';
  const clientIp = uniqueClientAddress();
  const registered = await requestShop(
    host,
    '/api/auth/register',
    json({ email: userName, password }, clientIp),
  );
  expect(registered.status, registered.text()).toBe(200);
  registerAnswerSchema.parse(registered.json());
  const code = await mailedCode(userName);
  const confirmed = await requestShop(
    host,
    '/api/shop/rest/v2/account/confirm',
    json({ userName, code }, clientIp),
  );
  expect(confirmed.status, confirmed.text()).toBe(200);
  confirmAccountAnswerSchema.parse(confirmed.json());
  const accessToken = await newSession(shopId, userName, password, clientIp);
  return { shopId, userName, password, accessToken, clientIp };
}

/** Signs the browser in to a fresh account, its calls coming from the account's own address. */
export async function signInTo(context: BrowserContext, account: FreshAccount) {
  await putSession(context, account.shopId, account.accessToken);
  await ownClientAddress(context, account.shopId, account.clientIp);
}
