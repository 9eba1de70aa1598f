import { describe, expect, it } from 'vitest';
import { Outbox } from './messages';

const sms = (text: string) => ({
  channel: 'sms' as const,
  to: '+4917012345678',
  from: null,
  subject: null,
  text,
});

describe('Outbox', () => {
  it('keeps the last messages up to its capacity, dropping the oldest', () => {
    const outbox = new Outbox(3);
    for (const text of ['1', '2', '3', '4', '5']) outbox.add(sms(text));
    expect(outbox.list().map((message) => message.text)).toEqual(['5', '4', '3']);
  });

  it('keeps 1000 messages unless told otherwise', () => {
    const outbox = new Outbox();
    for (let index = 0; index < 1001; index += 1) outbox.add(sms(String(index)));
    const messages = outbox.list();
    expect(messages).toHaveLength(1000);
    expect(messages.at(-1)?.text).toBe('1');
  });

  it('does not mistake an e-mail recipient for a number, or the other way round', () => {
    const outbox = new Outbox();
    outbox.add({ channel: 'email', to: '4917012345678@sms.test', from: null, subject: 'x', text: 'mail' });
    outbox.add(sms('text'));
    expect(outbox.list({ kind: 'msisdn', digits: '4917012345678' }).map((message) => message.text)).toEqual([
      'text',
    ]);
    expect(outbox.list({ kind: 'address', address: '4917012345678@sms.test' })).toHaveLength(1);
  });
});
