import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxSandbox, startOutboxSandbox } from './test-support';

let sandbox: OutboxSandbox;
beforeAll(async () => {
  sandbox = await startOutboxSandbox();
});
afterAll(() => sandbox.close());

async function failures(body: unknown) {
  const response = await fetch(`${sandbox.base}/outbox/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function post(body: unknown, idempotencyKey?: string) {
  const response = await fetch(`${sandbox.base}/outbox/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const texts = async (to: string) =>
  ((await sandbox.list(`?to=${encodeURIComponent(to)}`)).json as { text: string }[]).map(
    (message) => message.text,
  );

describe('POST /outbox/failures', () => {
  it('makes the gateway refuse the next messages to the number with 503, keeping none of them', async () => {
    const to = '+4917066660001';
    expect(await failures({ to, count: 2 })).toEqual({ status: 200, json: { to, count: 2 } });
    for (const text of ['first', 'second']) {
      const refused = await post({ channel: 'whatsapp', to, text });
      expect(refused).toEqual({
        status: 503,
        json: { code: 'GATEWAY_UNAVAILABLE', message: expect.stringContaining(to) },
      });
    }
    expect(await texts(to)).toEqual([]);
    expect((await post({ channel: 'sms', to, text: 'third' })).status).toBe(202);
    expect((await post({ channel: 'whatsapp', to, text: 'fourth' })).status).toBe(202);
    expect(await texts(to)).toEqual(['fourth', 'third']);
  });

  it('makes the gateway refuse them for good with 400 when permanent, keeping none of them', async () => {
    const to = '+4917066660019';
    expect(await failures({ to, count: 1, permanent: true })).toEqual({
      status: 200,
      json: { to, count: 1, permanent: true },
    });
    expect(await post({ channel: 'sms', to, text: 'refused' })).toEqual({
      status: 400,
      json: { code: 'RECIPIENT_REFUSED', message: expect.stringContaining(to) },
    });
    expect((await post({ channel: 'sms', to, text: 'kept' })).status).toBe(202);
    expect(await texts(to)).toEqual(['kept']);
  });

  it('takes the number with or without its leading +', async () => {
    expect(await failures({ to: '4917066660002', count: 1 })).toEqual({
      status: 200,
      json: { to: '+4917066660002', count: 1 },
    });
    expect((await post({ channel: 'sms', to: '+4917066660002', text: 'refused' })).status).toBe(503);
    expect((await post({ channel: 'sms', to: '+4917066660002', text: 'kept' })).status).toBe(202);
    expect(await texts('+4917066660002')).toEqual(['kept']);
  });

  it('refuses only messages to that number, and only SMS and WhatsApp', async () => {
    await failures({ to: '+4917066660003', count: 5 });
    expect((await post({ channel: 'sms', to: '+4917066660004', text: 'other number' })).status).toBe(202);
    await sandbox.sendMail({ from: 'shop@example.test', to: 'kim@example.test', subject: 'x', text: 'mail' });
    expect((await sandbox.list('?to=kim%40example.test')).json).toHaveLength(1);
  });

  it('replaces an earlier count; 0 refuses nothing more', async () => {
    const to = '+4917066660005';
    await failures({ to, count: 10 });
    expect(await failures({ to, count: 0 })).toEqual({ status: 200, json: { to, count: 0 } });
    expect((await post({ channel: 'sms', to, text: 'goes through' })).status).toBe(202);
  });

  it.each([
    ['to', { count: 1 }],
    ['to', { to: 'nobody', count: 1 }],
    ['to', { to: '+49 170 6666', count: 1 }],
    ['to', { to: '+12345', count: 1 }],
    ['count', { to: '+4917066660006' }],
    ['count', { to: '+4917066660006', count: -1 }],
    ['count', { to: '+4917066660006', count: 1.5 }],
    ['count', { to: '+4917066660006', count: 1001 }],
    ['count', { to: '+4917066660006', count: '1' }],
    ['permanent', { to: '+4917066660006', count: 1, permanent: 'yes' }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, body) => {
    const answer = await failures(body);
    expect(answer).toEqual({
      status: 400,
      json: { code: 'VALIDATION_FAILED', message: expect.stringContaining(field) },
    });
  });
});

describe('POST /outbox/messages with an Idempotency-Key', () => {
  it('keeps a message sent twice with one key once and answers the same id', async () => {
    const to = '+4917066660007';
    const message = { channel: 'whatsapp', to, text: 'Your PIN: 1234' };
    const first = await post(message, 'delivery-1');
    const again = await post(message, 'delivery-1');
    expect(first.status).toBe(202);
    expect(again).toEqual({ status: 202, json: first.json });
    expect(await texts(to)).toEqual(['Your PIN: 1234']);
    expect((await post(message, 'delivery-2')).status).toBe(202);
    expect(await texts(to)).toHaveLength(2);
  });

  it('remembers no refused message: the same key goes through once the refusals are over', async () => {
    const to = '+4917066660008';
    await failures({ to, count: 1 });
    const message = { channel: 'sms', to, text: 'retried' };
    expect((await post(message, 'delivery-3')).status).toBe(503);
    expect((await post(message, 'delivery-3')).status).toBe(202);
    expect((await post(message, 'delivery-3')).status).toBe(202);
    expect(await texts(to)).toEqual(['retried']);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the key with another message', async () => {
    const to = '+4917066660009';
    await post({ channel: 'sms', to, text: 'one' }, 'delivery-4');
    expect(await post({ channel: 'sms', to, text: 'two' }, 'delivery-4')).toEqual({
      status: 409,
      json: { code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) },
    });
    expect(await texts(to)).toEqual(['one']);
  });
});
