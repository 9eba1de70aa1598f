import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../psp/signature';
import { NO_FURTHER_TRY_WINDOW_MS, startReceiver } from '../psp/test-support';
import { type OperatorSandbox, startOperatorSandbox } from './test-support';

const SECRET = 'operator-test-secret';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: OperatorSandbox;
beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startOperatorSandbox({ operatorWebhookUrl: receiver.url, operatorWebhookSecret: SECRET });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** Triggers an event and answers it as the shop received it. */
async function trigger(path: string, body: unknown) {
  const before = receiver.received.length;
  const response = await sandbox.call('POST', `/operator/events/${path}`, body);
  expect(response.status).toBe(202);
  const { messageId, ...answer } = response.json;
  expect(answer).toEqual({ eventId: expect.stringMatching(/^evt_/), delivered: true });
  const webhook = receiver.received[before];
  if (!webhook) throw new Error('no webhook arrived');
  expect(webhook.headers['content-type']).toBe('application/json');
  expect(verifyWebhookSignature(webhook.body, webhook.headers[SIGNATURE_HEADER], SECRET)).toBe(true);
  const event = JSON.parse(webhook.body);
  expect(event.eventId).toBe(answer.eventId);
  // Only an SMS's answer tells its message id.
  expect(event.messageId).toBe(messageId);
  return event;
}

describe('operator events', () => {
  it('low-balance sets the balance, then sends a signed event', async () => {
    const event = await trigger('low-balance', { msisdn: '+4917012345678', balance: 120 });
    expect(event).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'low-balance',
      msisdn: '+4917012345678',
      balance: 120,
      currency: 'EUR',
      occurredAt: expect.stringMatching(TIMESTAMP),
    });
    expect(await sandbox.balance('+4917012345678')).toBe(120);
  });

  it('tariff-renewal sends the number', async () => {
    const event = await trigger('tariff-renewal', { msisdn: '+4915112345678' });
    expect(event).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'tariff-renewal',
      msisdn: '+4915112345678',
      occurredAt: expect.stringMatching(TIMESTAMP),
    });
  });

  it('sms sends sender, short number, text and message id', async () => {
    const event = await trigger('sms', { from: '+4917012345678', to: '80888', text: 'KOOP 15 1234' });
    expect(event).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'sms',
      from: '+4917012345678',
      to: '80888',
      text: 'KOOP 15 1234',
      messageId: expect.stringMatching(/^msg_/),
      occurredAt: expect.stringMatching(TIMESTAMP),
    });
  });

  it('lists the events sent, newest first', async () => {
    await trigger('tariff-renewal', { msisdn: '+4916011112222' });
    await trigger('low-balance', { msisdn: '+4916011112222', balance: 0 });
    const { status, json } = await sandbox.call('GET', '/operator/events');
    expect(status).toBe(200);
    expect(json.slice(0, 2)).toMatchObject([
      { type: 'low-balance', msisdn: '+4916011112222', balance: 0 },
      { type: 'tariff-renewal', msisdn: '+4916011112222' },
    ]);
    expect(json.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['low-balance', 'msisdn', { msisdn: '4917012345678', balance: 100 }],
    ['low-balance', 'balance', { msisdn: '+4917012345678', balance: -1 }],
    ['low-balance', 'balance', { msisdn: '+4917012345678' }],
    ['tariff-renewal', 'msisdn', {}],
    ['sms', 'from', { from: 'FunkFix', to: '80888', text: 'hi' }],
    ['sms', 'to', { from: '+4917012345678', to: 'shop', text: 'hi' }],
    ['sms', 'text', { from: '+4917012345678', to: '80888', text: ' ' }],
    ['sms', 'messageId', { from: '+4917012345678', to: '80888', text: 'hi', messageId: 'a b' }],
  ])('%s answers 400 VALIDATION_FAILED naming %s', async (path, field, body) => {
    const response = await sandbox.call('POST', `/operator/events/${path}`, body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('operator event delivery', () => {
  it('signs with sandbox-operator-secret by default and retries until the shop takes the event', async () => {
    const refusing = await startReceiver([500, 503]);
    const other = await startOperatorSandbox({ operatorWebhookUrl: refusing.url });
    try {
      const response = await other.call('POST', '/operator/events/tariff-renewal', {
        msisdn: '+4917012345678',
      });
      expect(response.status).toBe(202);
      expect(response.json.delivered).toBe(false);
      const tries = await refusing.waitFor(3);
      expect(new Set(tries.map((webhook) => webhook.body)).size).toBe(1);
      for (const webhook of tries) {
        expect(
          verifyWebhookSignature(webhook.body, webhook.headers[SIGNATURE_HEADER], 'sandbox-operator-secret'),
        ).toBe(true);
      }
      expect(await refusing.countAfter(NO_FURTHER_TRY_WINDOW_MS)).toBe(3);
    } finally {
      await other.close();
      await refusing.close();
    }
  });

  it('only keeps events when no webhook URL is set', async () => {
    const quiet = await startOperatorSandbox();
    try {
      const response = await quiet.call('POST', '/operator/events/sms', {
        from: '+4917012345678',
        to: '80888',
        text: 'KOOP 15 1234',
      });
      expect(response.status).toBe(202);
      expect(response.json).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        messageId: expect.stringMatching(/^msg_/),
        delivered: false,
      });
      const { json } = await quiet.call('GET', '/operator/events');
      expect(json).toEqual([expect.objectContaining({ eventId: response.json.eventId, type: 'sms' })]);
    } finally {
      await quiet.close();
    }
  });

  it('sends to the URL set later by PUT /operator/events/webhook, and refuses one that is no http(s) URL', async () => {
    const later = await startOperatorSandbox({ operatorWebhookSecret: SECRET });
    try {
      expect(
        (await later.call('PUT', '/operator/events/webhook', { url: 'ftp://shop.test/hooks' })).status,
      ).toBe(400);
      const set = await later.call('PUT', '/operator/events/webhook', { url: receiver.url });
      expect(set).toMatchObject({ status: 200, json: { url: receiver.url } });
      const before = receiver.received.length;
      const response = await later.call('POST', '/operator/events/tariff-renewal', {
        msisdn: '+4917012345678',
      });
      expect(response.json).toMatchObject({ delivered: true });
      expect(JSON.parse(receiver.received[before]?.body ?? '{}')).toMatchObject({ type: 'tariff-renewal' });
    } finally {
      await later.close();
    }
  });
});

describe('the operatorWebhookUrl option', () => {
  it('must be an absolute http(s) URL', async () => {
    await expect(buildSandbox({ operatorWebhookUrl: 'ftp://shop.test/hooks' })).rejects.toThrow(
      /operatorWebhookUrl/,
    );
  });
});
