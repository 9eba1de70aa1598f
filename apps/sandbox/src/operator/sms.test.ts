import { describe, expect, it } from 'vitest';
import { sandboxWithReceiver } from './test-support';

const file = sandboxWithReceiver();

const SMS = { from: '+4917012345678', to: '80888', text: 'KOOP 15 1234' };

/** Posts an SMS; answers the 202's body and the event the shop received. */
async function sendSms(body: Record<string, unknown>) {
  const before = file.receiver.received.length;
  const response = await file.sandbox.call('POST', '/operator/events/sms', body);
  expect(response.status).toBe(202);
  const webhook = file.receiver.received[before];
  if (!webhook) throw new Error('no webhook arrived');
  return { answer: response.json, event: JSON.parse(webhook.body) };
}

describe("an SMS's message id", () => {
  it('is the one given, in the answer and the event', async () => {
    const { answer, event } = await sendSms({ ...SMS, messageId: 'gw-4711' });
    expect(answer).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      messageId: 'gw-4711',
      delivered: true,
    });
    expect(event).toMatchObject({ eventId: answer.eventId, type: 'sms', ...SMS, messageId: 'gw-4711' });
  });

  it('given again delivers the same message again, as a new event', async () => {
    const first = await sendSms({ ...SMS, messageId: 'gw-redelivered' });
    const again = await sendSms({ ...SMS, messageId: 'gw-redelivered' });
    expect(again.event.messageId).toBe('gw-redelivered');
    expect(again.event.eventId).not.toBe(first.event.eventId);
    const { eventId: _first, occurredAt: _at, ...message } = first.event;
    const { eventId: _again, occurredAt: _later, ...repeated } = again.event;
    expect(repeated).toEqual(message);
  });

  it('given again sends what was posted with it', async () => {
    await sendSms({ ...SMS, messageId: 'gw-changed' });
    const { event } = await sendSms({ ...SMS, text: 'KOOP 20 1234', messageId: 'gw-changed' });
    expect(event).toMatchObject({ text: 'KOOP 20 1234', messageId: 'gw-changed' });
  });

  it('is a new msg_ id for each post without one', async () => {
    const first = await sendSms(SMS);
    const second = await sendSms(SMS);
    expect(first.answer.messageId).toMatch(/^msg_[\w-]{16}$/);
    expect(first.event.messageId).toBe(first.answer.messageId);
    expect(second.event.messageId).toMatch(/^msg_/);
    expect(second.event.messageId).not.toBe(first.event.messageId);
  });

  it('takes 1 to 100 visible ASCII characters', async () => {
    for (const messageId of ['x', '!~', 'a'.repeat(100)]) {
      const { event } = await sendSms({ ...SMS, messageId });
      expect(event.messageId).toBe(messageId);
    }
  });

  it.each([
    ['empty', ''],
    ['with a space', 'gw 1'],
    ['padded', ' gw-1'],
    ['too long', 'a'.repeat(101)],
    ['not ASCII', 'gw-ü'],
    ['with a control character', 'gw\t1'],
    ['a number', 42],
    ['null', null],
  ])('is refused when %s: 400 VALIDATION_FAILED', async (_case, messageId) => {
    const before = file.receiver.received.length;
    const response = await file.sandbox.call('POST', '/operator/events/sms', { ...SMS, messageId });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'messageId must be 1 to 100 visible ASCII characters (no spaces) when given',
    });
    expect(file.receiver.received.length).toBe(before);
  });
});
