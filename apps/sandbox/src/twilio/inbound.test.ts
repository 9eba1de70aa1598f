import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TWILIO_ACCOUNT_SID } from './options';
import {
  type ReceivedRequest,
  rejectionOf,
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

const SHOP_NUMBER = '+4915100000002';
const TWIML =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Top-up of 15 EUR started</Message></Response>';

/** A receiver answering TwiML, configured as the SMS URL of the shop's number. */
async function shopNumber(number = SHOP_NUMBER, answers = [{ status: 200, body: TWIML }]) {
  receiver = await startTwilioReceiver(answers);
  const smsUrl = `${receiver.base}/webhooks/twilio/sms?tenant=alpenfunk`;
  const answer = await sandbox.call('PUT', `/twilio/testing/incoming-numbers/${encodeURIComponent(number)}`, {
    smsUrl,
  });
  expect(answer).toMatchObject({ status: 200, json: { phoneNumber: number, smsUrl } });
  return smsUrl;
}

const inbound = (body: Record<string, unknown>) => sandbox.call('POST', '/twilio/testing/inbound', body);

describe('incoming messages', () => {
  it('POSTs the message to the SMS URL, signed, and answers with what the shop answered', async () => {
    const smsUrl = await shopNumber();
    const answer = await inbound({ from: '+4917012342001', to: SHOP_NUMBER, body: 'KOOP 15 1234' });
    expect(answer).toMatchObject({
      status: 200,
      json: {
        messageSid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        smsUrl,
        status: 200,
        contentType: 'text/xml',
        body: TWIML,
      },
    });
    const [request] = await receiver.waitFor(1);
    expect(request?.url).toBe(smsUrl);
    expect(signedFor(request as ReceivedRequest)).toBe(true);
    expect(signedFor(request as ReceivedRequest, 'another-token')).toBe(false);
    const sid = answer.json.messageSid;
    expect(request?.params).toEqual({
      AccountSid: DEFAULT_TWILIO_ACCOUNT_SID,
      ApiVersion: '2010-04-01',
      Body: 'KOOP 15 1234',
      From: '+4917012342001',
      FromCity: '',
      FromCountry: 'DE',
      FromState: '',
      FromZip: '',
      MessageSid: sid,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: sid,
      SmsSid: sid,
      SmsStatus: 'received',
      To: SHOP_NUMBER,
      ToCity: '',
      ToCountry: 'DE',
      ToState: '',
      ToZip: '',
    });
  });

  it('delivers the same message again for the same messageSid', async () => {
    await shopNumber(SHOP_NUMBER, [
      { status: 200, body: TWIML },
      { status: 200, body: '<Response/>' },
    ]);
    const messageSid = `SM${'1'.repeat(32)}`;
    const message = { from: '+4917012342002', to: SHOP_NUMBER, body: 'KOOP 15 1234', messageSid };
    expect((await inbound(message)).json).toMatchObject({ messageSid, body: TWIML });
    expect((await inbound(message)).json).toMatchObject({ messageSid, body: '<Response/>' });
    const [first, second] = await receiver.waitFor(2);
    expect(second?.params).toEqual(first?.params);
    expect(second?.params.MessageSid).toBe(messageSid);
    expect(signedFor(second as ReceivedRequest)).toBe(true);
    const reused = await inbound({ ...message, body: 'something else' });
    expect(reused).toMatchObject({ status: 409, json: { code: 'MESSAGE_SID_REUSED' } });
  });

  it('sends a new message for each post without a messageSid', async () => {
    await shopNumber();
    const first = await inbound({ from: '+4917012342003', to: SHOP_NUMBER, body: 'hi' });
    const second = await inbound({ from: '+4917012342003', to: SHOP_NUMBER, body: 'hi' });
    expect(first.json.messageSid).not.toBe(second.json.messageSid);
  });

  it('sends WhatsApp messages with their channel addresses and WaId', async () => {
    await shopNumber();
    await inbound({ from: 'whatsapp:+4917012342004', to: `whatsapp:${SHOP_NUMBER}`, body: 'hallo' });
    const [request] = await receiver.waitFor(1);
    expect(request?.params).toMatchObject({
      From: 'whatsapp:+4917012342004',
      To: `whatsapp:${SHOP_NUMBER}`,
      WaId: '4917012342004',
    });
    expect(signedFor(request as ReceivedRequest)).toBe(true);
  });

  it('opts the sender out on STOP, so later messages to it are refused, and in again on START', async () => {
    await shopNumber();
    const customer = '+4917012342005';
    await inbound({ from: customer, to: SHOP_NUMBER, body: 'stop' });
    const [request] = await receiver.waitFor(1);
    expect(request?.params.OptOutType).toBe('STOP');
    expect(signedFor(request as ReceivedRequest)).toBe(true);
    const error = await rejectionOf(
      sandbox.twilio.messages.create({ to: customer, from: SHOP_NUMBER, body: 'x' }),
    );
    expect(error).toMatchObject({ status: 400, code: 21610 });
    await inbound({ from: customer, to: SHOP_NUMBER, body: 'START' });
    expect(
      (await sandbox.twilio.messages.create({ to: customer, from: SHOP_NUMBER, body: 'y' })).status,
    ).toBe('queued');
  });

  it('answers 404 for a number without an SMS URL, 502 when the SMS URL gives no answer', async () => {
    const none = await inbound({ from: '+4917012342006', to: '+4915100009999', body: 'hi' });
    expect(none).toMatchObject({ status: 404, json: { code: 'NO_SMS_URL' } });
    await sandbox.call('PUT', '/twilio/testing/incoming-numbers/4915100009998', {
      smsUrl: 'http://127.0.0.1:9/sms',
    });
    const unreachable = await inbound({ from: '+4917012342006', to: '+4915100009998', body: 'hi' });
    expect(unreachable).toMatchObject({ status: 502, json: { code: 'SMS_URL_UNREACHABLE' } });
  });

  it('refuses malformed switch bodies with 400', async () => {
    const cases = [
      { from: '0170', to: SHOP_NUMBER, body: 'hi' },
      { from: 'whatsapp:+4917012342007', to: SHOP_NUMBER, body: 'hi' },
      { from: '+4917012342007', to: SHOP_NUMBER, body: '' },
      { from: '+4917012342007', to: SHOP_NUMBER, body: 'hi', messageSid: 'msg-1' },
    ];
    for (const body of cases) expect((await inbound(body)).status).toBe(400);
  });
});

describe('the twilioIncomingNumbers option', () => {
  it('configures the SMS URL of each number', async () => {
    receiver = await startTwilioReceiver([{ status: 200, body: TWIML }]);
    const configured = await startTwilioSandbox({
      twilioIncomingNumbers: `+4915100000003=${receiver.base}/sms, 4915100000004=${receiver.base}/other`,
    });
    try {
      const answer = await configured.call('POST', '/twilio/testing/inbound', {
        from: '+4917012342008',
        to: '+4915100000004',
        body: 'hi',
      });
      expect(answer.json).toMatchObject({ smsUrl: `${receiver.base}/other`, status: 200 });
      const [request] = await receiver.waitFor(1);
      expect(request?.url).toBe(`${receiver.base}/other`);
      expect(signedFor(request as ReceivedRequest)).toBe(true);
    } finally {
      await configured.close();
    }
  });

  it('refuses a malformed list at start', async () => {
    await expect(startTwilioSandbox({ twilioIncomingNumbers: '+4915100000003:http://x' })).rejects.toThrow(
      /twilioIncomingNumbers/,
    );
  });
});
