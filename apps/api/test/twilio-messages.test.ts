import { schema } from '@shop/db';
import { maskMsisdn } from '@shop/domain';
import { tenantSources } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD, guestAddress } from './checkout-support';
import { TWILIO_ACCOUNT } from './harness';
import { waitFor } from './processes';
import { freshNumber, setupClient, shopperClient } from './saved-methods-support';

/**
 * Tenants on Twilio (decision 0069): alpenfunk as configured, and belwaarde's SMS top-ups moved to
 * Twilio here, so that an SMS a shopper sends reaches the shop through Twilio's signed webhook.
 */
const belwaardeOnTwilio = {
  ...(tenantSources.belwaarde as Record<string, unknown>),
  messageProvider: {
    name: 'twilio',
    twilio: {
      accountSidVariable: 'BELWAARDE_TWILIO_ACCOUNT_SID',
      authTokenVariable: 'BELWAARDE_TWILIO_AUTH_TOKEN',
      smsFrom: '4411',
    },
  },
};
const api = apiForFile({ tenants: { ...tenantSources, belwaarde: belwaardeOnTwilio } });
const client = checkoutClient(api);
const { textMessages, smsTopupRequests } = schema;

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

/** A guest on alpenfunk who keeps the card: the number is confirmed by a one-time code. */
async function guestCode(phoneNumber: string) {
  const cartName = await client.newCart('alpenfunk', [{ productId: 'alpenfunk-topup-1500', phoneNumber }]);
  const answer = await client.call('POST', '/api/shop/rest/checkout-address', 'alpenfunk', {
    cartName,
    deliveryAddress: guestAddress({ phoneNumber }),
    language: 'de',
    savePayment: true,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ nextStep: 'OTP' });
}

const rowsTo = (phoneNumber: string) =>
  api.database.db
    .select()
    .from(textMessages)
    .where(eq(textMessages.recipient, maskMsisdn(phoneNumber)));

const reachedStatus = (phoneNumber: string, status: string) =>
  waitFor(`${status} for ${phoneNumber}`, async () => {
    const [row] = await rowsTo(phoneNumber);
    return row?.status === status ? row : undefined;
  });

/** A webhook form posted to the API as Twilio posts it, signed with `authToken`. */
function postSigned(path: string, form: Record<string, string>, authToken = TWILIO_ACCOUNT.authToken) {
  const url = `${api.baseUrl}${path}`;
  return api.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
}

const statusForm = (sid: string, status: string, to: string) => ({
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: status,
  SmsStatus: status,
  AccountSid: TWILIO_ACCOUNT.accountSid,
  From: 'AlpenFunk',
  To: to,
  ApiVersion: '2010-04-01',
});

const newSid = () => `SM${crypto.randomUUID().replaceAll('-', '')}`;

describe('messages of a tenant on Twilio', () => {
  it('a guest’s one-time code reaches the phone through Twilio, and its delivery is kept', async () => {
    const phone = freshNumber('+43660', 7);
    await guestCode(phone);
    const [sms] = await api.sandbox.client.outbox(phone);
    expect(sms).toMatchObject({ channel: 'sms', from: 'AlpenFunk' });
    expect(codeIn(sms?.text ?? '')).toBeDefined();
    const delivered = await reachedStatus(phone, 'DELIVERED');
    expect(delivered).toMatchObject({ tenantId: 'alpenfunk', provider: 'twilio', channel: 'sms' });
    expect(delivered.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('keeps why a message did not arrive', async () => {
    const phone = `+43660${String(Date.now()).slice(-2)}30003`;
    await guestCode(phone);
    expect(await reachedStatus(phone, 'UNDELIVERED')).toMatchObject({ errorCode: '30003' });
  });

  it('a repeated or late report never takes a message back', async () => {
    const phone = freshNumber('+43660', 7);
    await guestCode(phone);
    const { providerMessageId } = await reachedStatus(phone, 'DELIVERED');
    const twilioTesting = (path: string) =>
      fetch(`${api.sandbox.baseUrl}/twilio/testing/messages/${providerMessageId}/callbacks/${path}`, {
        method: 'POST',
      });
    expect((await twilioTesting('reverse')).status).toBe(202);
    expect((await twilioTesting('resend-last')).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await rowsTo(phone))[0]?.status).toBe('DELIVERED');
    // Taken at once: once answered, the report is applied (or not).
    const late = await postSigned(
      '/api/webhooks/twilio/alpenfunk/status',
      statusForm(providerMessageId, 'sent', phone),
    );
    expect(late.status).toBe(204);
    const rows = await rowsTo(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('DELIVERED');
  });

  it('a report that comes before the send’s own answer makes the record, which the answer does not take back', async () => {
    const phone = freshNumber('+43660', 7);
    const sid = newSid();
    const path = '/api/webhooks/twilio/alpenfunk/status';
    expect((await postSigned(path, statusForm(sid, 'delivered', phone))).status).toBe(204);
    expect((await postSigned(path, statusForm(sid, 'queued', phone))).status).toBe(204);
    const rows = await rowsTo(phone);
    expect(rows).toEqual([
      expect.objectContaining({ providerMessageId: sid, status: 'DELIVERED', tenantId: 'alpenfunk' }),
    ]);
  });

  it('a forged report, or one for a tenant not on Twilio, is refused and changes nothing', async () => {
    const phone = freshNumber('+43660', 7);
    await guestCode(phone);
    const { providerMessageId } = await reachedStatus(phone, 'DELIVERED');
    const forged = await postSigned(
      '/api/webhooks/twilio/alpenfunk/status',
      statusForm(providerMessageId, 'failed', phone),
      'not-the-auth-token',
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const unsigned = await api.request('/api/webhooks/twilio/alpenfunk/status', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(statusForm(newSid(), 'delivered', phone)).toString(),
    });
    expect(unsigned.status).toBe(401);
    const elsewhere = await postSigned(
      '/api/webhooks/twilio/funkfix/status',
      statusForm(newSid(), 'delivered', phone),
    );
    expect(elsewhere.status).toBe(401);
    expect(await rowsTo(phone)).toEqual([expect.objectContaining({ status: 'DELIVERED', errorCode: null })]);
  });
});

describe('an SMS top-up through Twilio', () => {
  const SHOP = 'belwaarde';
  const START = 500;

  async function registered(pin: string) {
    const shopper = shopperClient(api);
    const { token } = await shopper.freshAccount(SHOP);
    const { id: cardId } = await shopper.saveCard(SHOP, token, GOOD_CARD);
    const number = freshNumber('+31612', 6);
    const item = { productId: 'belwaarde-sms', amount: 1000, phoneNumber: number, smsTopupConsent: pin };
    const setup = await setupClient(api).freeSetup(SHOP, token, item, cardId);
    expect((await setup.commit()).body.orderStatus).toBe('committed');
    return number;
  }

  const inbound = async (from: string, body: string, messageSid?: string) => {
    const response = await fetch(`${api.sandbox.baseUrl}/twilio/testing/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, to: '4411', body, ...(messageSid ? { messageSid } : {}) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as {
      messageSid: string;
      status: number;
      contentType: string;
      body: string;
    };
  };

  it('tops up once however often Twilio delivers the message, and answers through Twilio', {
    timeout: 60_000,
  }, async () => {
    const smsUrl = `${api.baseUrl}/api/webhooks/twilio/${SHOP}/messages`;
    const set = await fetch(`${api.sandbox.baseUrl}/twilio/testing/incoming-numbers/4411`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ smsUrl }),
    });
    expect(set.status).toBe(200);
    const number = await registered('2468');
    const first = await inbound(number, 'KOOP 15 2468');
    expect(first).toMatchObject({ status: 200, contentType: expect.stringContaining('xml') });
    expect(first.body).toContain('<Response>');
    await inbound(number, 'KOOP 15 2468', first.messageSid);
    const answer = await waitFor('the answer', async () =>
      (await api.sandbox.client.outbox(number)).find(
        (message) => message.from === '4411' && /opgewaardeerd/.test(message.text),
      ),
    );
    expect(answer.text).toMatch(/€\s?15(,00)? is opgewaardeerd/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await api.sandbox.client.balance(number)).toBe(START + 1500);
    const kept = await api.database.db
      .select()
      .from(smsTopupRequests)
      .where(eq(smsTopupRequests.messageId, first.messageSid));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.text).not.toContain('2468');
  });

  it('a forged SMS is refused and tops up nothing', async () => {
    const number = freshNumber('+31612', 6);
    const form = {
      MessageSid: newSid(),
      AccountSid: TWILIO_ACCOUNT.accountSid,
      From: number,
      To: '4411',
      Body: 'KOOP 50 2468',
    };
    const forged = await postSigned(`/api/webhooks/twilio/${SHOP}/messages`, form, 'not-the-auth-token');
    expect(forged.status).toBe(401);
    const kept = await api.database.db
      .select()
      .from(smsTopupRequests)
      .where(eq(smsTopupRequests.messageId, form.MessageSid));
    expect(kept).toEqual([]);
  });
});
