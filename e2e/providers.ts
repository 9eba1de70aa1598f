import { sandboxUrl } from './checkout';

/**
 * What the real providers' stand-ins in the sandbox hold for a number, read through their own
 * APIs with the demo's credentials (docs/providers.md): the tenants on them are alpenfunk's.
 */

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function readJson<T>(url: string, authorization: string, what: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization } });
  if (!response.ok) throw new Error(`${what}: the stand-in answered ${response.status}`);
  return (await response.json()) as T;
}

/** The messages Twilio took for a number, newest first. */
export async function twilioMessagesTo(msisdn: string): Promise<{ from: string; status: string }[]> {
  const account = 'AC5a9db0c1e2f3a4b5c6d7e8f9a0b1c2d3';
  const { messages } = await readJson<{ messages: { from: string; status: string }[] }>(
    `${sandboxUrl}/twilio/2010-04-01/Accounts/${account}/Messages.json?To=${encodeURIComponent(msisdn)}`,
    basic(account, 'sandbox-twilio-auth-token'),
    `Twilio's messages to ${msisdn}`,
  );
  return messages;
}

/** DT One's top-up transactions for a number, by the class of their status. */
export async function dtoneTransactionsTo(msisdn: string): Promise<string[]> {
  const transactions = await readJson<{ status: { class: { message: string } } }[]>(
    `${sandboxUrl}/dtone/v1/transactions?credit_party_mobile_number=${encodeURIComponent(msisdn)}`,
    basic('dtone-sandbox-key', 'dtone-sandbox-secret'),
    `DT One's transactions for ${msisdn}`,
  );
  return transactions.map((transaction) => transaction.status.class.message);
}
