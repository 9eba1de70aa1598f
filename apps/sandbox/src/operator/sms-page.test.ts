import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperatorSandbox, sandboxWithReceiver, startOperatorSandbox } from './test-support';

const file = sandboxWithReceiver();

const SMS = { from: '+4917012345678', to: '80888', text: 'KOOP 15 1234' };

/** The form's post, and the event the shop received from it (if any). */
async function send(fields: Record<string, string>) {
  const before = file.receiver.received.length;
  const page = await file.sandbox.postForm('/operator/sms', fields);
  const webhook = file.receiver.received[before];
  return { ...page, event: webhook ? JSON.parse(webhook.body) : undefined };
}

describe('GET /operator/sms', () => {
  it('is an accessible page with the form', async () => {
    const { status, headers, text } = await file.sandbox.getPage('/operator/sms');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(text).toContain('<title>Send an SMS to the shop</title>');
    expect(text.match(/<h1>/g)).toEqual(['<h1>']);
    expect(text).toContain('<h1>Send an SMS to the shop</h1>');
    expect(text).toContain('<form class="step" method="post" action="/operator/sms" novalidate>');
    for (const [name, label] of [
      ['from', 'From'],
      ['to', 'To'],
      ['text', 'Text'],
      ['messageId', 'Message id'],
    ]) {
      expect(text).toContain(`<label for="${name}">${label}</label>`);
      expect(text).toMatch(
        new RegExp(`<(input|textarea) id="${name}" name="${name}" [^>]*aria-describedby="${name}-hint"`),
      );
    }
    expect(text).toContain('<button type="submit" class="primary">Send SMS</button>');
    expect(text).not.toContain('role="status"');
    expect(text).not.toContain('role="alert"');
    expect(text).not.toMatch(/<(script|link|img)\b/);
  });

  it('fills From, To and Text from the query', async () => {
    const { text } = await file.sandbox.getPage(
      '/operator/sms?from=%2B4917012345678&to=80888&text=KOOP%2015%20%3C1234%3E',
    );
    expect(text).toMatch(/<input id="from" name="from" [^>]*value="\+4917012345678"/);
    expect(text).toMatch(/<input id="to" name="to" [^>]*value="80888"/);
    expect(text).toMatch(/<textarea id="text" name="text" [^>]*>\nKOOP 15 &lt;1234&gt;<\/textarea>/);
    expect(text).toMatch(/<input id="messageId" name="messageId" (?![^>]*value=)[^>]*>/);
  });

  it('reads a + that the query string decoded as a space', async () => {
    const { text } = await file.sandbox.getPage('/operator/sms?from=+4917012345678');
    expect(text).toMatch(/<input id="from" name="from" [^>]*value="\+4917012345678"/);
  });
});

describe('POST /operator/sms', () => {
  it('sends the SMS as the JSON trigger does and shows it was sent', async () => {
    const { status, text, event } = await send({ ...SMS, messageId: '' });
    expect(status).toBe(200);
    expect(event).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      type: 'sms',
      ...SMS,
      messageId: expect.stringMatching(/^msg_/),
      occurredAt: expect.any(String),
    });
    expect(text).toContain(`<p role="status">SMS sent. Message id: ${event.messageId}</p>`);
    expect(text).toContain('<a href="/outbox?to=%2B4917012345678">Answers in the outbox</a>');
    expect(text).toMatch(/<input id="from" name="from" [^>]*value="\+4917012345678"/);
    expect(text).toMatch(/<input id="to" name="to" [^>]*value="80888"/);
    expect(text).toMatch(/<textarea id="text" name="text" [^>]*>\nKOOP 15 1234<\/textarea>/);
    expect(text).not.toContain('role="alert"');
  });

  it('sends the message id given, and keeps it in its field', async () => {
    const { text, event } = await send({ ...SMS, messageId: ' gw-page-1 ' });
    expect(event).toMatchObject({ ...SMS, messageId: 'gw-page-1' });
    expect(text).toContain('<p role="status">SMS sent. Message id: gw-page-1</p>');
    expect(text).toMatch(/<input id="messageId" name="messageId" [^>]*value="gw-page-1"/);
  });

  it('lists the SMS sent, newest first', async () => {
    await send({ ...SMS, text: 'KOOP 10 <1111>', messageId: 'gw-list-1' });
    const { text } = await send({ ...SMS, text: 'KOOP 20 2222', messageId: 'gw-list-2' });
    const newest = text.indexOf('<dd>gw-list-2</dd>');
    expect(newest).toBeGreaterThan(text.indexOf('<h2 id="recent-title">Last SMS sent</h2>'));
    expect(text.indexOf('<dd>gw-list-1</dd>')).toBeGreaterThan(newest);
    expect(text).toContain('<dt>Text</dt><dd class="message-text">KOOP 10 &lt;1111&gt;</dd>');
    expect(text).toMatch(
      /<dt>Sent<\/dt><dd><time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time><\/dd>/,
    );
  });

  it.each([
    ['from', 'From', { ...SMS, from: '4917012345678' }],
    ['to', 'To', { ...SMS, to: 'shop' }],
    ['text', 'Text', { ...SMS, text: '  ' }],
    ['messageId', 'Message id', { ...SMS, messageId: 'gw 1' }],
  ])('answers 400 and names a bad %s next to its field, sending nothing', async (name, label, fields) => {
    const { status, text, event } = await send(fields);
    expect(status).toBe(400);
    expect(event).toBeUndefined();
    expect(text).toMatch(
      new RegExp(`<div class="error" role="alert" id="sms-error">${label} must be [^<]+\\.</div>`),
    );
    expect(text).toMatch(
      new RegExp(
        `id="${name}" name="${name}" [^>]*aria-describedby="${name}-hint sms-error" aria-invalid="true"`,
      ),
    );
    expect(text.match(/ aria-invalid="true"/g)).toHaveLength(1);
    expect(text).not.toContain('role="status"');
    expect(text).toContain('<label for="from">From</label>');
  });

  it('keeps what was typed after a bad post', async () => {
    const { text } = await send({ ...SMS, to: 'shop' });
    expect(text).toMatch(/<input id="to" name="to" [^>]*value="shop"/);
    expect(text).toMatch(/<textarea id="text" name="text" [^>]*>\nKOOP 15 1234<\/textarea>/);
  });
});

describe('the SMS page without a webhook URL', () => {
  let quiet: OperatorSandbox;
  beforeAll(async () => {
    quiet = await startOperatorSandbox();
  });
  afterAll(() => quiet.close());

  it('says the SMS is kept when the shop has not taken it', async () => {
    const { status, text } = await quiet.postForm('/operator/sms', SMS);
    expect(status).toBe(200);
    expect(text).toMatch(
      /<p role="status">SMS kept; the shop has not taken it yet\. Message id: msg_[\w-]+<\/p>/,
    );
  });

  it('lists the last 20 SMS only', async () => {
    for (let index = 1; index <= 21; index += 1) {
      await quiet.call('POST', '/operator/events/sms', { ...SMS, messageId: `gw-many-${index}` });
    }
    await quiet.call('POST', '/operator/events/tariff-renewal', { msisdn: SMS.from });
    const { text } = await quiet.getPage('/operator/sms');
    expect(text.match(/<dt>Message id<\/dt>/g)).toHaveLength(20);
    expect(text.indexOf('<dd>gw-many-21</dd>')).toBeGreaterThan(0);
    expect(text).toContain('<dd>gw-many-2</dd>');
    expect(text).not.toContain('<dd>gw-many-1</dd>');
  });

  it('says so when no SMS was sent yet', async () => {
    const fresh = await startOperatorSandbox();
    try {
      expect((await fresh.getPage('/operator/sms')).text).toContain('<p>No SMS sent yet.</p>');
    } finally {
      await fresh.close();
    }
  });
});

describe('form posts at the operator', () => {
  it('are taken by the SMS page only; its API stays JSON', async () => {
    for (const path of ['/operator/events/sms', '/operator/topups']) {
      const { status } = await file.sandbox.postForm(path, SMS);
      expect(status).toBe(415);
    }
  });
});
