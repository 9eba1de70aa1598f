import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SECRET, TWILIO_API_KEY_SID } from './options';
import { MESSAGES_PATH, rejectionOf, startTwilioSandbox, type TwilioSandbox } from './test-support';

let sandbox: TwilioSandbox;
beforeAll(async () => {
  sandbox = await startTwilioSandbox();
});
afterAll(() => sandbox.close());

const SENDER = '+4915100000001';

/** The message's status once it has gone as far as it goes. */
async function finalStatus(sid: string) {
  for (let tries = 0; tries < 100; tries++) {
    const message = await sandbox.twilio.messages(sid).fetch();
    if (!['accepted', 'queued', 'sent'].includes(message.status)) return message;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`message ${sid} did not reach a final status`);
}

describe('sending through the twilio SDK', () => {
  it('answers the Message resource, queued, and keeps the SMS in the outbox', async () => {
    const message = await sandbox.twilio.messages.create({
      to: '+4917012340001',
      from: SENDER,
      body: 'Your code: 1234',
    });
    expect(message).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      accountSid: DEFAULT_TWILIO_ACCOUNT_SID,
      to: '+4917012340001',
      from: SENDER,
      body: 'Your code: 1234',
      status: 'queued',
      direction: 'outbound-api',
      numSegments: '1',
      numMedia: '0',
      apiVersion: '2010-04-01',
      errorCode: null,
      errorMessage: null,
      messagingServiceSid: null,
      uri: `/2010-04-01/Accounts/${DEFAULT_TWILIO_ACCOUNT_SID}/Messages/${message.sid}.json`,
    });
    expect(message.dateCreated).toBeInstanceOf(Date);
    expect(await sandbox.outbox('+4917012340001')).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: '+4917012340001',
        from: SENDER,
        text: 'Your code: 1234',
      }),
    ]);
  });

  it('sends WhatsApp to the number without its prefix in the outbox', async () => {
    const message = await sandbox.twilio.messages.create({
      to: 'whatsapp:+4917012340002',
      from: 'whatsapp:+14155238886',
      body: 'Your voucher: 1111-2222',
    });
    expect(message).toMatchObject({ to: 'whatsapp:+4917012340002', from: 'whatsapp:+14155238886' });
    expect(await sandbox.outbox('+4917012340002')).toEqual([
      expect.objectContaining({ channel: 'whatsapp', to: '+4917012340002', from: '+14155238886' }),
    ]);
  });

  it('lists the messages to a number, newest first', async () => {
    const to = '+4917012340077';
    await sandbox.twilio.messages.create({ to, from: SENDER, body: 'first' });
    await sandbox.twilio.messages.create({ to, from: SENDER, body: 'second' });
    await sandbox.twilio.messages.create({ to: '+4917012340078', from: SENDER, body: 'elsewhere' });
    const listed = await sandbox.twilio.messages.list({ to, limit: 20 });
    expect(listed.map((message) => message.body)).toEqual(['second', 'first']);
  });

  it('counts segments: 161 GSM characters take two, one emoji makes UCS-2', async () => {
    const long = await sandbox.twilio.messages.create({
      to: '+4917012340003',
      from: SENDER,
      body: 'a'.repeat(161),
    });
    const emoji = await sandbox.twilio.messages.create({
      to: '+4917012340003',
      from: SENDER,
      body: `${'a'.repeat(69)}🙂`,
    });
    expect([long.numSegments, emoji.numSegments]).toEqual(['2', '2']);
  });

  it('takes the message on to delivered, with the date it was sent', async () => {
    const { sid } = await sandbox.twilio.messages.create({ to: '+4917012340004', from: SENDER, body: 'hi' });
    const message = await finalStatus(sid);
    expect(message.status).toBe('delivered');
    expect(message.dateSent).toBeInstanceOf(Date);
  });

  it('accepts a message for a Messaging Service, which chooses the sender', async () => {
    const messagingServiceSid = `MG${'0'.repeat(32)}`;
    const message = await sandbox.twilio.messages.create({
      to: '+4917012340005',
      messagingServiceSid,
      body: 'hi',
    });
    expect(message).toMatchObject({ status: 'accepted', from: null, messagingServiceSid, numSegments: '0' });
    expect(await finalStatus(message.sid)).toMatchObject({
      status: 'delivered',
      from: '+15005550006',
      numSegments: '1',
    });
  });

  it('answers the resource as Twilio writes it: counts as strings, dates in RFC 2822', async () => {
    const { status, json } = await sandbox.postForm(MESSAGES_PATH, {
      To: '+4917012340006',
      From: SENDER,
      Body: 'raw',
      SmartEncoded: 'true',
    });
    expect(status).toBe(201);
    expect(Object.keys(json).sort()).toEqual(
      [
        'account_sid',
        'api_version',
        'body',
        'date_created',
        'date_sent',
        'date_updated',
        'direction',
        'error_code',
        'error_message',
        'from',
        'messaging_service_sid',
        'num_media',
        'num_segments',
        'price',
        'price_unit',
        'sid',
        'status',
        'subresource_uris',
        'to',
        'uri',
      ].sort(),
    );
    expect(json.date_created).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(json).toMatchObject({ num_segments: '1', num_media: '0', date_sent: null, price: null });
  });

  it("answers 404 with 20404 in Twilio's envelope for a path it does not serve", async () => {
    const response = await fetch(
      `${sandbox.base}/twilio/2010-04-01/Accounts/${DEFAULT_TWILIO_ACCOUNT_SID}/Calls.json`,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 20404,
      message: `The requested resource /2010-04-01/Accounts/${DEFAULT_TWILIO_ACCOUNT_SID}/Calls.json was not found`,
      more_info: 'https://www.twilio.com/docs/errors/20404',
      status: 404,
    });
  });

  it('answers 404 with 20404 for a message it does not know', async () => {
    const error = await rejectionOf(sandbox.twilio.messages(`SM${'f'.repeat(32)}`).fetch());
    expect(error).toBeInstanceOf(twilio.RestException);
    expect(error).toMatchObject({ status: 404, code: 20404 });
  });
});

describe('authentication', () => {
  it('refuses a wrong Auth Token with 401 and 20003, keeping nothing', async () => {
    const wrong = sandbox.client(DEFAULT_TWILIO_ACCOUNT_SID, 'not-the-token');
    const error = await rejectionOf(wrong.messages.create({ to: '+4917012340010', from: SENDER, body: 'x' }));
    expect(error).toMatchObject({
      status: 401,
      code: 20003,
      message: 'Authenticate',
      moreInfo: 'https://www.twilio.com/docs/errors/20003',
    });
    expect(await sandbox.outbox('+4917012340010')).toEqual([]);
  });

  it('refuses another account in the path, even with the right token', async () => {
    const other = sandbox.client(DEFAULT_TWILIO_ACCOUNT_SID, undefined, `AC${'1'.repeat(32)}`);
    const error = await rejectionOf(other.messages.create({ to: '+4917012340011', from: SENDER, body: 'x' }));
    expect(error).toMatchObject({ status: 401, code: 20003 });
  });

  it('asks for Basic credentials when none come', async () => {
    const response = await fetch(`${sandbox.base}/twilio${MESSAGES_PATH}`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
  });

  it('takes the sandbox API Key and its secret instead of the Auth Token', async () => {
    const withKey = sandbox.client(TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET, DEFAULT_TWILIO_ACCOUNT_SID);
    const message = await withKey.messages.create({ to: '+4917012340012', from: SENDER, body: 'key' });
    expect(message.status).toBe('queued');
  });
});

describe('refusals, each keeping nothing', () => {
  const refusals: Array<[string, Record<string, string>, number]> = [
    ['an invalid To', { To: '0170-1234', From: SENDER, Body: 'x' }, 21211],
    ['the magic invalid number', { To: '+15005550001', From: SENDER, Body: 'x' }, 21211],
    ['the magic unroutable number', { To: '+15005550002', From: SENDER, Body: 'x' }, 21612],
    ['the magic number without permission', { To: '+15005550003', From: SENDER, Body: 'x' }, 21408],
    ['the magic blocked number', { To: '+15005550004', From: SENDER, Body: 'x' }, 21610],
    ['the magic number that takes no SMS', { To: '+15005550009', From: SENDER, Body: 'x' }, 21614],
    ['the magic invalid sender', { To: '+4917012340020', From: '+15005550001', Body: 'x' }, 21212],
    ['a missing To', { From: SENDER, Body: 'x' }, 21604],
    ['a missing From', { To: '+4917012340021', Body: 'x' }, 21603],
    ['a missing Body', { To: '+4917012340022', From: SENDER }, 21602],
    [
      'a Body of more than 1600 characters',
      { To: '+4917012340023', From: SENDER, Body: 'x'.repeat(1601) },
      21617,
    ],
    ['SMS sender and WhatsApp recipient', { To: 'whatsapp:+4917012340024', From: SENDER, Body: 'x' }, 21910],
  ];

  it.each(refusals)('refuses %s with 400 and its code', async (_name, fields, code) => {
    const { status, json } = await sandbox.postForm(MESSAGES_PATH, fields);
    expect(status).toBe(400);
    expect(json).toEqual({
      code,
      message: expect.any(String),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status: 400,
    });
    if (fields.To) expect(await sandbox.outbox(fields.To.replace('whatsapp:', ''))).toEqual([]);
  });

  it('raises the SDK error with code, status and more_info', async () => {
    const error = await rejectionOf(
      sandbox.twilio.messages.create({ to: '+15005550009', from: SENDER, body: 'x' }),
    );
    expect(error).toBeInstanceOf(twilio.RestException);
    expect(error).toMatchObject({
      status: 400,
      code: 21614,
      moreInfo: 'https://www.twilio.com/docs/errors/21614',
    });
  });

  it('refuses a number that opted out with 21610 until it opts in again', async () => {
    const to = '+4917012340030';
    await sandbox.call('POST', '/twilio/testing/opt-outs', { to });
    const error = await rejectionOf(sandbox.twilio.messages.create({ to, from: SENDER, body: 'x' }));
    expect(error).toMatchObject({ status: 400, code: 21610 });
    expect(await sandbox.outbox(to)).toEqual([]);
    await sandbox.call('DELETE', `/twilio/testing/opt-outs/${encodeURIComponent(to)}`);
    expect((await sandbox.twilio.messages.create({ to, from: SENDER, body: 'back' })).status).toBe('queued');
  });

  it('refuses with 503 and 20503 while POST /outbox/failures asks for it, keeping nothing', async () => {
    const to = '+4917012340031';
    await sandbox.call('POST', '/outbox/failures', { to: to.slice(1), count: 2 });
    for (const body of ['first', 'second']) {
      const error = await rejectionOf(sandbox.twilio.messages.create({ to, from: SENDER, body }));
      expect(error).toMatchObject({ status: 503, code: 20503 });
    }
    expect(await sandbox.outbox(to)).toEqual([]);
    await sandbox.twilio.messages.create({ to, from: SENDER, body: 'third' });
    expect((await sandbox.outbox(to)).map((message) => message.text)).toEqual(['third']);
  });

  it('refuses for good with 21610 when the failure is permanent', async () => {
    const to = '+4917012340032';
    await sandbox.call('POST', '/outbox/failures', { to, count: 1, permanent: true });
    const error = await rejectionOf(sandbox.twilio.messages.create({ to, from: SENDER, body: 'x' }));
    expect(error).toMatchObject({ status: 400, code: 21610 });
  });

  it('answers 429 with 20429 for the next sends the switch names', async () => {
    expect((await sandbox.call('POST', '/twilio/testing/too-many-requests', { count: 1 })).status).toBe(200);
    const error = await rejectionOf(
      sandbox.twilio.messages.create({ to: '+4917012340033', from: SENDER, body: 'x' }),
    );
    expect(error).toMatchObject({ status: 429, code: 20429 });
    expect(await sandbox.outbox('+4917012340033')).toEqual([]);
    expect(
      (await sandbox.twilio.messages.create({ to: '+4917012340033', from: SENDER, body: 'y' })).status,
    ).toBe('queued');
  });
});
