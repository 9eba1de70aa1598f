import { randomUUID } from 'node:crypto';
import { type RunningSandbox, sandboxClient, startSandbox } from '@shop/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpMessageGateway,
  type MessageGateway,
  MessageGatewayUnavailableError,
  MessageRefusedError,
  type TextMessage,
} from '../src/adapters/messages';
import { createTwilioMessageGateway } from '../src/adapters/twilio/gateway';
import { startFaultProxy } from './fault-proxy';

/**
 * The message port's contract: the same scenarios, the same expectations, on the sandbox gateway
 * and on Twilio (through its stand-in). What the recipient's phone shows is read from the
 * sandbox's outbox, which both feed.
 */

const TIMEOUT_MS = 400;
const TWILIO = { accountSid: 'AC5a4db0c0000000000000000000000000', authToken: 'contract-twilio-token' };

interface GatewaySubject {
  name: string;
  gateway: MessageGateway;
  proxy: Awaited<ReturnType<typeof startFaultProxy>>;
}

let sandbox: RunningSandbox;
let subjects: GatewaySubject[];

beforeAll(async () => {
  sandbox = await startSandbox({ twilioAccountSid: TWILIO.accountSid, twilioAuthToken: TWILIO.authToken });
  const sandboxProxy = await startFaultProxy(sandbox.baseUrl);
  const twilioProxy = await startFaultProxy(sandbox.baseUrl);
  subjects = [
    {
      name: 'the sandbox gateway',
      gateway: createHttpMessageGateway({
        baseUrl: sandboxProxy.url,
        timeoutMs: TIMEOUT_MS,
        retries: 2,
        backoffMs: [20],
      }),
      proxy: sandboxProxy,
    },
    {
      name: 'Twilio',
      gateway: createTwilioMessageGateway({
        ...TWILIO,
        apiUrl: `${twilioProxy.url}/twilio`,
        smsFrom: 'AlpenFunk',
        whatsappFrom: '+436601000000',
        // Nobody listens: the reports are the webhook tests' part.
        statusCallbackUrl: 'http://127.0.0.1:9/api/webhooks/twilio/alpenfunk/status',
        timeoutMs: TIMEOUT_MS,
        retries: 2,
        backoffMs: [20],
      }),
      proxy: twilioProxy,
    },
  ];
});
afterAll(async () => {
  await Promise.all(subjects.map((subject) => subject.proxy.close()));
  await sandbox.close();
});

/** A number of its own for each scenario, so that the outbox shows only its messages. */
const freshNumber = () => `+43660${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const message = (to: string, overrides: Partial<TextMessage> = {}): TextMessage => ({
  shopId: 'alpenfunk',
  channel: 'sms',
  to,
  text: `Your code is ${randomUUID().slice(0, 6)}`,
  from: 'AlpenFunk',
  ...overrides,
});

const outbox = (to: string) => sandboxClient(sandbox.baseUrl).outbox(to);

describe.each(['the sandbox gateway', 'Twilio'])('the message port on %s', (name) => {
  let subject: GatewaySubject;
  beforeAll(() => {
    const found = subjects.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no subject ${name}`);
    subject = found;
  });

  it('sends an SMS that reaches the phone once, and says which message it was', async () => {
    const to = freshNumber();
    const sms = message(to);
    const sent = await subject.gateway.send(sms);
    expect(sent.providerMessageId).toMatch(/\S/);
    expect(['QUEUED', 'SENT', 'DELIVERED']).toContain(sent.status);
    expect(await outbox(to)).toEqual([expect.objectContaining({ channel: 'sms', to, text: sms.text })]);
  });

  it('sends a WhatsApp message as one', async () => {
    const to = freshNumber();
    await subject.gateway.send(message(to, { channel: 'whatsapp', text: 'PIN 1234 5678' }));
    expect(await outbox(to)).toEqual([
      expect.objectContaining({ channel: 'whatsapp', to, text: 'PIN 1234 5678' }),
    ]);
  });

  it('says when a number takes no messages, and sends nothing', async () => {
    const to = freshNumber();
    await sandboxClient(sandbox.baseUrl).failMessages(to, 1, { permanent: true });
    await expect(subject.gateway.send(message(to))).rejects.toBeInstanceOf(MessageRefusedError);
    expect(await outbox(to)).toEqual([]);
  });

  it('tries again when the gateway refuses for now, and the phone gets the message once', async () => {
    const to = freshNumber();
    subject.proxy.failNext(503, 1);
    await subject.gateway.send(message(to));
    expect(await outbox(to)).toHaveLength(1);
  });

  it('leaves the next try to the caller when asked to try once', async () => {
    const to = freshNumber();
    await sandboxClient(sandbox.baseUrl).failMessages(to, 1);
    await expect(subject.gateway.send(message(to), { singleTry: true })).rejects.toBeInstanceOf(
      MessageGatewayUnavailableError,
    );
    expect(await outbox(to)).toEqual([]);
    await subject.gateway.send(message(to), { singleTry: true });
    expect(await outbox(to)).toHaveLength(1);
  });

  it('reports a time-out as unavailable without sending the message twice, and the next one goes', async () => {
    const to = freshNumber();
    subject.proxy.answerLate(TIMEOUT_MS * 3);
    await expect(subject.gateway.send(message(to), { singleTry: true })).rejects.toBeInstanceOf(
      MessageGatewayUnavailableError,
    );
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    expect(await outbox(to)).toHaveLength(1);
    await subject.gateway.send(message(to, { text: 'the next one' }));
    expect((await outbox(to)).map((kept) => kept.text)).toContain('the next one');
  });
});

describe('Twilio with a credential it refuses', () => {
  it('keeps the message for a later try instead of giving it up', async () => {
    const gateway = createTwilioMessageGateway({
      accountSid: TWILIO.accountSid,
      authToken: 'a-rotated-token',
      apiUrl: `${sandbox.baseUrl}/twilio`,
      smsFrom: 'AlpenFunk',
      statusCallbackUrl: 'http://127.0.0.1:9/api/webhooks/twilio/alpenfunk/status',
      retries: 0,
    });
    const to = freshNumber();
    await expect(gateway.send(message(to))).rejects.toBeInstanceOf(MessageGatewayUnavailableError);
    expect(await outbox(to)).toEqual([]);
  });
});
