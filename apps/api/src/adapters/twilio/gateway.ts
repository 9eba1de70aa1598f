import { setTimeout as sleep } from 'node:timers/promises';
import twilio from 'twilio';
import {
  type MessageGateway,
  MessageGatewayUnavailableError,
  MessageRefusedError,
  type TextMessage,
} from '../messages';
import { deliveryStatusOf } from './statuses';

/** A Twilio account: its SID and auth token (which also signs Twilio's webhooks). */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
}

export interface TwilioGatewayOptions extends TwilioAccount {
  /** Where Twilio's API is: Twilio itself unless given (the sandbox's stand-in). */
  apiUrl?: string;
  /** The SMS sender: a number of the account or an alphanumeric sender id. */
  smsFrom: string;
  /** The WhatsApp sender number; without one, WhatsApp messages go as SMS. */
  whatsappFrom?: string;
  /** Where Twilio reports how far each message got. */
  statusCallbackUrl: string;
  /** Time allowed for one try. */
  timeoutMs?: number;
  /** Further tries after Twilio answered "too many requests" or "unavailable" (nothing was sent). */
  retries?: number;
  /** Waits before the 1st, 2nd, … retry. */
  backoffMs?: readonly number[];
}

const TWILIO_API = 'https://api.twilio.com';

type RequestOptions<TData> = Parameters<typeof twilio.RequestClient.prototype.request<TData>>[0];

/** The SDK's HTTP client, sending Twilio's requests to another base URL (the sandbox's stand-in). */
class RebasedRequestClient extends twilio.RequestClient {
  readonly #apiUrl: string;

  constructor(apiUrl: string, timeoutMs: number) {
    super({ timeout: timeoutMs });
    this.#apiUrl = apiUrl.replace(/\/+$/, '');
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API) ? this.#apiUrl + opts.uri.slice(TWILIO_API.length) : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/**
 * Answers after which a later try may help: Twilio took nothing. A refused credential (401) is
 * our configuration, not the recipient: the message waits for the credential to be put right.
 */
const isTryLater = (status: number) => status === 401 || status === 429 || status >= 500;

/**
 * Twilio Programmable Messaging through the official SDK: SMS from the tenant's sender, WhatsApp
 * as `whatsapp:` addresses, a status callback on every message. Twilio has no idempotency key
 * for a new message, so a try is repeated only when Twilio answered that it took nothing (429, 5xx)
 * or could not be reached at all; a time-out is not repeated here (the caller's job decides).
 */
export function createTwilioMessageGateway({
  accountSid,
  authToken,
  apiUrl,
  smsFrom,
  whatsappFrom,
  statusCallbackUrl,
  timeoutMs = 5000,
  retries = 2,
  backoffMs = [200, 1000],
}: TwilioGatewayOptions): MessageGateway {
  const client = twilio(accountSid, authToken, {
    autoRetry: false,
    timeout: timeoutMs,
    ...(apiUrl ? { httpClient: new RebasedRequestClient(apiUrl, timeoutMs) } : {}),
  });

  const addresses = ({ channel, to }: TextMessage) =>
    channel === 'whatsapp' && whatsappFrom
      ? { to: `whatsapp:${to}`, from: `whatsapp:${whatsappFrom}` }
      : { to, from: smsFrom };

  async function once(message: TextMessage) {
    try {
      const created = await client.messages.create({
        ...addresses(message),
        body: message.text,
        statusCallback: statusCallbackUrl,
      });
      return { providerMessageId: created.sid, status: deliveryStatusOf(created.status) ?? 'QUEUED' };
    } catch (error) {
      if (error instanceof twilio.RestException) {
        const detail = `Twilio answered ${error.status}${error.code ? ` (${error.code})` : ''}: ${error.message}`;
        if (isTryLater(error.status)) return new MessageGatewayUnavailableError(detail, 1, { cause: error });
        throw new MessageRefusedError(detail, error.status);
      }
      if (isRefusedConnection(error)) {
        return new MessageGatewayUnavailableError('Twilio could not be reached', 1, { cause: error });
      }
      throw new MessageGatewayUnavailableError(`Twilio did not answer: ${(error as Error)?.message}`, 1, {
        cause: error,
      });
    }
  }

  return {
    async send(message, { singleTry = false } = {}) {
      const tries = singleTry ? 1 : retries + 1;
      let failure: MessageGatewayUnavailableError | undefined;
      for (let attempt = 0; attempt < tries; attempt += 1) {
        if (attempt > 0) await sleep(backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0);
        const outcome = await once(message);
        if (!(outcome instanceof MessageGatewayUnavailableError)) return outcome;
        failure = outcome;
      }
      throw new MessageGatewayUnavailableError(failure?.message ?? 'Twilio failed', tries, {
        cause: failure,
      });
    },
  };
}

/** A connection refused never reached Twilio: trying again sends nothing twice. */
function isRefusedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'ECONNREFUSED';
}
