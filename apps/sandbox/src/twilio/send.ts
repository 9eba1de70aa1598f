import { isHttpUrl } from '../operator/options';
import { isRecord } from '../validation';
import { type Address, digitsOf, parseRecipient, parseSender } from './addresses';
import type { TwilioContext } from './context';
import { MESSAGING_SERVICE_SENDER } from './delivery';
import { twilioErrors } from './errors';
import { MESSAGING_SERVICE_SID, twilioSid } from './ids';
import type { OutboundMessage } from './messages';
import { segmentCount } from './segments';
import { outcomeFor, refusalOfRecipient, refusalOfSender } from './test-numbers';

/**
 * Sending a message, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with Twilio's form
 * parameters `To`, `From` and/or `MessagingServiceSid`, `Body` and `StatusCallback`; the other
 * documented parameters are accepted and ignored (media among them: a message is text only). The
 * checks run in this order, each refusal a Twilio error that keeps nothing: the 429 switch, the
 * parameters, the magic test numbers, opt-outs, then the outbox's gateway failures (503 20503, or
 * 21610 when asked for for good). An accepted message is kept, put in the sandbox outbox and
 * taken through its statuses.
 */

export const MAX_BODY_LENGTH = 1600;

interface SendRequest {
  /** `To` as sent, and what it addresses. */
  to: string;
  recipient: Address;
  /** `From` as sent, and what it addresses; none when a Messaging Service chooses the sender. */
  from: string | undefined;
  sender: Address | undefined;
  messagingServiceSid: string | undefined;
  body: string;
  statusCallback: string | undefined;
}

export function sendMessage(context: TwilioContext, params: unknown, accountSid: string): OutboundMessage {
  if (context.tooManyRequests.take(accountSid)) throw twilioErrors.tooManyRequests();
  const request = parseSendRequest(isRecord(params) ? params : {});
  const { to, recipient, from, sender } = request;
  const magic =
    (from === undefined ? undefined : refusalOfSender(from)) ??
    refusalOfRecipient(to, from ?? MESSAGING_SERVICE_SENDER);
  if (magic) throw magic;
  const digits = digitsOf(recipient.value);
  if (context.optOuts.has(digits)) throw twilioErrors.unsubscribed();
  const refusal = context.failures.refuses(digits);
  if (refusal === 'for now') throw twilioErrors.serviceUnavailable();
  if (refusal === 'for good') throw twilioErrors.unsubscribed();

  const viaService = request.messagingServiceSid !== undefined;
  const now = new Date();
  const message: OutboundMessage = {
    sid: twilioSid('SM'),
    accountSid,
    channel: recipient.channel,
    to,
    from: from ?? null,
    messagingServiceSid: request.messagingServiceSid ?? null,
    body: request.body,
    numSegments: viaService ? 0 : segmentCount(request.body),
    status: viaService ? 'accepted' : 'queued',
    errorCode: null,
    errorMessage: null,
    statusCallback: request.statusCallback ?? null,
    dateCreated: now,
    dateUpdated: now,
    dateSent: null,
  };
  context.messages.set(message.sid, message);
  context.outbox.add({
    channel: recipient.channel,
    to: recipient.value,
    from: sender?.value ?? MESSAGING_SERVICE_SENDER,
    subject: null,
    text: message.body,
  });
  if (context.callbackHolds.take(digits)) context.callbacks.hold(message.sid);
  context.deliveries.start(message, outcomeFor(recipient.value));
  return message;
}

/** A parameter as sent; an empty one counts as not sent, as Twilio treats it. */
function given(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseSendRequest(params: Record<string, unknown>): SendRequest {
  const to = given(params, 'To');
  if (to === undefined) throw twilioErrors.toRequired();
  const recipient = parseRecipient(to);
  if (!recipient) throw twilioErrors.invalidTo(to);

  // `From` may name the Messaging Service too.
  const fromParam = given(params, 'From');
  const fromService = fromParam?.startsWith('MG') ? fromParam : undefined;
  const messagingServiceSid = given(params, 'MessagingServiceSid') ?? fromService;
  const from = fromParam === fromService ? undefined : fromParam;
  if (from === undefined && messagingServiceSid === undefined) throw twilioErrors.fromRequired();
  if (messagingServiceSid !== undefined && !MESSAGING_SERVICE_SID.test(messagingServiceSid)) {
    throw twilioErrors.invalidMessagingService();
  }
  const sender = from === undefined ? undefined : parseSender(from);
  if (from !== undefined && !sender) throw twilioErrors.invalidFrom(from);
  if (sender && sender.channel !== recipient.channel) throw twilioErrors.channelMismatch();

  const body = given(params, 'Body');
  if (body === undefined) {
    throw messagingServiceSid === undefined
      ? twilioErrors.bodyRequired()
      : twilioErrors.messagingServiceBodyRequired();
  }
  if (body.length > MAX_BODY_LENGTH) throw twilioErrors.bodyTooLong();

  const statusCallback = given(params, 'StatusCallback');
  if (statusCallback !== undefined && !isHttpUrl(statusCallback)) throw twilioErrors.invalidStatusCallback();
  return { to, recipient, from, sender, messagingServiceSid, body, statusCallback };
}
