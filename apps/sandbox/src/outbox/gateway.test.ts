import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxSandbox, startOutboxSandbox } from './test-support';

let sandbox: OutboxSandbox;
beforeAll(async () => {
  sandbox = await startOutboxSandbox();
});
afterAll(() => sandbox.close());

describe('POST /outbox/messages (SMS and WhatsApp gateway)', () => {
  it('accepts an SMS and shows it to its recipient', async () => {
    const sent = await sandbox.post({
      channel: 'sms',
      to: '+4917011110001',
      from: 'FunkFix',
      text: 'Your code: 1234',
    });
    expect(sent.status).toBe(202);
    expect(sent.json).toEqual({ messageId: expect.stringMatching(/^msg_/) });
    const { status, json } = await sandbox.list('?to=%2B4917011110001');
    expect(status).toBe(200);
    expect(json).toEqual([
      {
        messageId: sent.json.messageId,
        channel: 'sms',
        to: '+4917011110001',
        from: 'FunkFix',
        subject: null,
        text: 'Your code: 1234',
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    ]);
  });

  it('accepts WhatsApp without a sender', async () => {
    await sandbox.post({ channel: 'whatsapp', to: '+4915122220002', text: 'Top-up done' });
    const { json } = await sandbox.list('?to=%2B4915122220002');
    expect(json).toMatchObject([{ channel: 'whatsapp', from: null, subject: null, text: 'Top-up done' }]);
  });

  it('answers a recipient newest first', async () => {
    for (const text of ['first', 'second', 'third']) {
      await sandbox.post({ channel: 'sms', to: '+4917033330003', text });
    }
    const { json } = await sandbox.list('?to=%2B4917033330003');
    expect(json.map((message: { text: string }) => message.text)).toEqual(['third', 'second', 'first']);
  });

  it('matches a number however the + arrives in the query', async () => {
    await sandbox.post({ channel: 'sms', to: '+4917044440004', text: 'hello' });
    for (const query of [
      '?to=%2B4917044440004',
      '?to=+4917044440004',
      '?to=4917044440004',
      '?to=%20%2B49%20170%204444%200004',
    ]) {
      const { json } = await sandbox.list(query);
      expect(json, query).toMatchObject([{ to: '+4917044440004', text: 'hello' }]);
    }
    expect((await sandbox.list('?to=%2B4917044440005')).json).toEqual([]);
  });

  it('answers all messages without a recipient', async () => {
    await sandbox.post({ channel: 'sms', to: '+4917055550005', text: 'latest of all' });
    const { json } = await sandbox.list();
    expect(json.length).toBeGreaterThan(1);
    expect(json[0]).toMatchObject({ to: '+4917055550005', text: 'latest of all' });
  });

  it.each([
    ['channel', { channel: 'email', to: '+4917000000000', text: 'x' }],
    ['channel', { to: '+4917000000000', text: 'x' }],
    ['to', { channel: 'sms', to: '4917000000000', text: 'x' }],
    ['to', { channel: 'sms', to: '+49 170 0000', text: 'x' }],
    ['to', { channel: 'sms', to: '+12345', text: 'x' }],
    ['to', { channel: 'sms', to: '+1234567890123456', text: 'x' }],
    ['from', { channel: 'sms', to: '+4917000000000', from: '', text: 'x' }],
    ['text', { channel: 'sms', to: '+4917000000000', text: '   ' }],
    ['text', { channel: 'sms', to: '+4917000000000', text: 'x'.repeat(1601) }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, body) => {
    const response = await sandbox.post(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });

  it('accepts a text of 1600 characters', async () => {
    const response = await sandbox.post({ channel: 'sms', to: '+4917000000000', text: 'x'.repeat(1600) });
    expect(response.status).toBe(202);
  });

  it('answers 400 VALIDATION_FAILED for a body that is not JSON', async () => {
    const response = await fetch(`${sandbox.base}/outbox/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"channel":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers 400 VALIDATION_FAILED for a recipient that is neither address nor number', async () => {
    const response = await sandbox.list('?to=nobody');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('to') });
  });
});
