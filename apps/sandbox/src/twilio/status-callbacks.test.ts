import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_FURTHER_TRY_WINDOW_MS } from '../psp/test-support';
import { DEFAULT_TWILIO_ACCOUNT_SID } from './options';
import {
  type ReceivedRequest,
  signedFor,
  startTwilioReceiver,
  startTwilioSandbox,
  type TwilioReceiver,
  type TwilioSandbox,
} from './test-support';

let sandbox: TwilioSandbox;
let receiver: TwilioReceiver;
beforeAll(async () => {
  sandbox = await startTwilioSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => receiver?.close());

const SENDER = '+4915100000001';
const statuses = (requests: ReceivedRequest[]) => requests.map((request) => request.params.MessageStatus);

async function send(to: string, answers: Array<{ status: number }> = [], extra: Record<string, string> = {}) {
  receiver = await startTwilioReceiver(answers);
  const statusCallback = `${receiver.base}/webhooks/twilio/status?tenant=alpenfunk`;
  return sandbox.twilio.messages.create({
    to,
    from: SENDER,
    body: 'Your code: 1234',
    statusCallback,
    ...extra,
  });
}

describe('status callbacks', () => {
  it('reports sent, then delivered, signed as Twilio signs, none for the first status', async () => {
    const message = await send('+4917012341001');
    const callbacks = await receiver.waitFor(2);
    expect(statuses(callbacks)).toEqual(['sent', 'delivered']);
    for (const callback of callbacks) {
      expect(signedFor(callback)).toBe(true);
      expect(callback.url).toContain('?tenant=alpenfunk');
      expect(callback.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(callback.params).toMatchObject({
        MessageSid: message.sid,
        SmsSid: message.sid,
        SmsStatus: callback.params.MessageStatus,
        AccountSid: DEFAULT_TWILIO_ACCOUNT_SID,
        From: SENDER,
        To: '+4917012341001',
        ApiVersion: '2010-04-01',
      });
      expect(callback.params.ErrorCode).toBeUndefined();
    }
    expect(callbacks[1]?.params.RawDlrDoneDate).toMatch(/^\d{10}$/);
    expect((await sandbox.twilio.messages(message.sid).fetch()).status).toBe('delivered');
  });

  it('signs for the Auth Token only: another token or a changed parameter does not validate', async () => {
    await send('+4917012341002');
    const [callback] = await receiver.waitFor(1);
    if (!callback) throw new Error('no callback');
    expect(signedFor(callback, 'another-token')).toBe(false);
    expect(signedFor({ ...callback, params: { ...callback.params, MessageStatus: 'delivered' } })).toBe(
      false,
    );
  });

  it('reports queued first for a Messaging Service, with its SID', async () => {
    const messagingServiceSid = `MG${'a'.repeat(32)}`;
    receiver = await startTwilioReceiver();
    await sandbox.twilio.messages.create({
      to: '+4917012341003',
      messagingServiceSid,
      body: 'hi',
      statusCallback: `${receiver.base}/status`,
    });
    const callbacks = await receiver.waitFor(3);
    expect(statuses(callbacks)).toEqual(['queued', 'sent', 'delivered']);
    expect(callbacks.every((callback) => callback.params.MessagingServiceSid === messagingServiceSid)).toBe(
      true,
    );
    expect(
      callbacks.every((callback) => callback.params.From === '+15005550006' && signedFor(callback)),
    ).toBe(true);
  });

  it.each([
    ['+4917012330003', 30003],
    ['+4917012330005', 30005],
  ])('reports %s undelivered with ErrorCode %i', async (to, code) => {
    const message = await send(to);
    const callbacks = await receiver.waitFor(2);
    expect(statuses(callbacks)).toEqual(['sent', 'undelivered']);
    expect(callbacks[1]?.params.ErrorCode).toBe(String(code));
    expect(signedFor(callbacks[1] as ReceivedRequest)).toBe(true);
    expect(await sandbox.twilio.messages(message.sid).fetch()).toMatchObject({
      status: 'undelivered',
      errorCode: code,
    });
  });

  it('reports a number ending in 30001 failed straight from queued', async () => {
    await send('+4917012330001');
    const [failed] = await receiver.waitFor(1);
    expect(failed?.params).toMatchObject({ MessageStatus: 'failed', ErrorCode: '30001' });
    await new Promise((resolve) => setTimeout(resolve, NO_FURTHER_TRY_WINDOW_MS));
    expect(receiver.received).toHaveLength(1);
  });

  it('reports a WhatsApp message with its channel addresses', async () => {
    receiver = await startTwilioReceiver();
    await sandbox.twilio.messages.create({
      to: 'whatsapp:+4917012341004',
      from: 'whatsapp:+14155238886',
      body: 'hi',
      statusCallback: `${receiver.base}/status`,
    });
    const callbacks = await receiver.waitFor(2);
    expect(callbacks[1]?.params).toMatchObject({
      To: 'whatsapp:+4917012341004',
      From: 'whatsapp:+14155238886',
    });
    expect(callbacks.every((callback) => signedFor(callback))).toBe(true);
  });

  it('tries a refused callback again before the next, keeping their order', async () => {
    await send('+4917012341005', [{ status: 500 }]);
    const callbacks = await receiver.waitFor(3);
    expect(statuses(callbacks)).toEqual(['sent', 'sent', 'delivered']);
    expect(callbacks[1]?.headers['i-twilio-idempotency-token']).toBe(
      callbacks[0]?.headers['i-twilio-idempotency-token'],
    );
  });
});

describe('testing switches for callbacks', () => {
  it('sends the latest callback again, the same request', async () => {
    const message = await send('+4917012341010');
    await receiver.waitFor(2);
    const answer = await sandbox.call(
      'POST',
      `/twilio/testing/messages/${message.sid}/callbacks/resend-last`,
    );
    expect(answer).toMatchObject({ status: 202, json: { messageSid: message.sid, status: 'delivered' } });
    const [, delivered, again] = await receiver.waitFor(3);
    expect(again?.params).toEqual(delivered?.params);
    expect(again?.headers['i-twilio-idempotency-token']).toBe(
      delivered?.headers['i-twilio-idempotency-token'],
    );
    expect(signedFor(again as ReceivedRequest)).toBe(true);
  });

  it('holds a message’s callbacks back, then sends them newest first', async () => {
    const to = '+4917012341011';
    await sandbox.call('POST', '/twilio/testing/callback-holds', { to, count: 1 });
    const message = await send(to);
    for (
      let tries = 0;
      (await sandbox.twilio.messages(message.sid).fetch()).status !== 'delivered';
      tries++
    ) {
      if (tries > 100) throw new Error('not delivered');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, NO_FURTHER_TRY_WINDOW_MS));
    expect(receiver.received).toEqual([]);
    const answer = await sandbox.call('POST', `/twilio/testing/messages/${message.sid}/callbacks/reverse`);
    expect(answer).toMatchObject({ status: 202, json: { statuses: ['delivered', 'sent'] } });
    const callbacks = await receiver.waitFor(2);
    expect(statuses(callbacks)).toEqual(['delivered', 'sent']);
    expect(callbacks.every((callback) => signedFor(callback))).toBe(true);
  });

  it('answers 404 for a message it does not know and 409 for one without a StatusCallback', async () => {
    const unknown = await sandbox.call(
      'POST',
      `/twilio/testing/messages/SM${'0'.repeat(32)}/callbacks/reverse`,
    );
    expect(unknown).toMatchObject({ status: 404, json: { code: 'UNKNOWN_MESSAGE' } });
    const plain = await sandbox.twilio.messages.create({ to: '+4917012341012', from: SENDER, body: 'x' });
    const none = await sandbox.call('POST', `/twilio/testing/messages/${plain.sid}/callbacks/resend-last`);
    expect(none).toMatchObject({ status: 409, json: { code: 'NO_STATUS_CALLBACK' } });
  });
});
