import { PAYMENT_METHODS, type PaymentEvent } from '@shop/domain';
import { z } from 'zod';
import { createHttpClient, type HttpAnswer, type HttpClientOptions, UpstreamUnavailableError } from './http';
import { parseJson, signatureMatches } from './webhook-signature';

/** What the shop asks the provider to collect; amounts in minor units. */
export interface PaymentInitiation {
  /** The same key again answers the same payment: a retry never charges twice. */
  idempotencyKey: string;
  merchantReference: string;
  amount: number;
  currency: string;
  method: string;
  returnUrl: string;
  webhookUrl?: string;
  tenantName: string;
  /** The tenant's account at the provider. */
  merchantAccount?: string;
  savePaymentMethod?: boolean;
  /**
   * The shop's own id of the shopper (their account) when the method is saved: a provider that
   * keeps saved methods on a customer keeps all of a shopper's on one.
   */
  customerReference?: string;
  /** `manual` stops at AUTHORIZED until {@link PaymentProvider.capture}. Default automatic. */
  captureMethod?: 'automatic' | 'manual';
  additionalData?: Record<string, unknown>;
  /** The shopper's device id, for the provider's fraud screening (decision 0049). */
  deviceId?: string;
  /** PayPal FraudNet's session id of the checkout page (PayPal payments). */
  fraudnetSessionId?: string;
}

/**
 * The refusal code of a payment the provider's fraud screening would not start: nothing was
 * created, nothing charged. The sandbox answers it as is; a production adapter maps its
 * provider's own reason (a risk or fraud decline at creation) to it.
 */
export const RISK_DECLINED = 'RISK_DECLINED';

/** A merchant-initiated charge of a saved payment method: no shopper, decided at once. */
export type TokenCharge = Omit<
  PaymentInitiation,
  'savePaymentMethod' | 'additionalData' | 'customerReference'
> & {
  token: string;
};

/** Saving a payment method on its own (no payment): the shopper confirms it at `payerUrl`. */
export interface TokenRequest {
  idempotencyKey: string;
  merchantReference: string;
  method: string;
  returnUrl: string;
  webhookUrl?: string;
  tenantName: string;
  customerReference?: string;
}

export interface ProviderPayment {
  paymentId: string;
  status: string;
  amount: number;
  currency: string;
  /** What was captured (less than `amount` after a partial capture); absent before capture. */
  capturedAmount?: number;
  refundedAmount: number;
  token?: string;
}

export interface ProviderToken {
  tokenId: string;
  status: string;
  method: string;
  cardLast4?: string;
  cardBrand?: string;
  expiry?: string;
  /** The PayPal account of a PayPal token (its payer's e-mail). */
  payerEmail?: string;
}

/** A verified payment webhook, reduced to the payment event it means for us. */
export interface PaymentWebhook {
  eventId: string;
  paymentId: string;
  merchantReference: string;
  event: PaymentEvent;
  amount: number;
  token?: string;
}

/**
 * What a webhook turned out to be: not ours (bad signature), signed but of no payment event we
 * act on (token events, types added later), or a payment event.
 */
export type VerifiedWebhook =
  | { kind: 'invalid-signature' }
  | { kind: 'ignored'; eventId?: string; type?: string }
  | ({ kind: 'payment' } & PaymentWebhook);

/** A webhook request's headers, as Node gives them; each provider reads its own signature header. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * An off-session charge the card's bank wants the shopper to confirm (3-D Secure on a
 * merchant-initiated charge): nothing was taken; the shopper must pay while present.
 */
export const AUTHENTICATION_REQUIRED = 'AUTHENTICATION_REQUIRED';

/** An expected refusal by the provider, with its code (e.g. REFUND_TOO_LARGE, UNKNOWN_TOKEN). */
export type ProviderResult<T> = ({ ok: true } & T) | { ok: false; code: string };

/** The payment provider as our checkout sees it (hosted pages: card data never reaches us). */
export interface PaymentProvider {
  /** The payment methods it can collect. */
  readonly methods: readonly string[];
  /** Starts a payment the shopper completes at `payerUrl`. */
  initiate(request: PaymentInitiation): Promise<ProviderResult<{ paymentId: string; payerUrl: string }>>;
  /** Charges a saved method without the shopper; the status is known at once. */
  charge(request: TokenCharge): Promise<ProviderResult<{ paymentId: string; status: string }>>;
  status(paymentId: string): Promise<ProviderPayment | undefined>;
  capture(
    paymentId: string,
    amount: number | undefined,
    idempotencyKey: string,
  ): Promise<ProviderResult<object>>;
  /** Voids an authorization. */
  cancel(paymentId: string, idempotencyKey: string): Promise<ProviderResult<object>>;
  refund(
    paymentId: string,
    amount: number | undefined,
    idempotencyKey: string,
  ): Promise<ProviderResult<{ refundedAmount: number }>>;
  saveMethod(request: TokenRequest): Promise<ProviderResult<{ tokenId: string; payerUrl: string }>>;
  token(tokenId: string): Promise<ProviderToken | undefined>;
  /** Forgets a saved method; it can no longer be charged. Deleting twice is harmless. */
  deleteToken(tokenId: string): Promise<void>;
  /** Checks a webhook's signature over its exact bytes and says what it means for us. */
  verifyWebhook(rawBody: string, headers: WebhookHeaders): VerifiedWebhook;
}

/** The provider could not be reached or answered unusably, after every try. */
export class PaymentProviderUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'PaymentProviderUnavailableError';
}

const EVENT_OF_TYPE: Record<string, PaymentEvent> = {
  'payment.authorized': 'AUTHORIZE',
  'payment.captured': 'CAPTURE',
  'payment.declined': 'DECLINE',
  'payment.cancelled': 'CANCEL',
  'payment.refunded': 'REFUND_FULL',
  'payment.partially_refunded': 'REFUND_PARTIAL',
};

const createdSchema = z.object({ paymentId: z.string(), payerUrl: z.string() });
const chargedSchema = z.object({ paymentId: z.string(), status: z.string() });
const paymentSchema = z.object({
  paymentId: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  capturedAmount: z.number().optional(),
  refundedAmount: z.number(),
  token: z.string().optional(),
});
const tokenCreatedSchema = z.object({ tokenId: z.string(), payerUrl: z.string() });
const tokenSchema = z.object({
  tokenId: z.string(),
  status: z.string(),
  method: z.string(),
  cardLast4: z.string().optional(),
  cardBrand: z.string().optional(),
  expiry: z.string().optional(),
  payerEmail: z.string().optional(),
});
const refundedSchema = z.object({ refundedAmount: z.number() });
const refusalSchema = z.object({ code: z.string() });
const webhookSchema = z.object({ eventId: z.string(), type: z.string() });
/** The provider's ids and our reference are printable ASCII; an event with other "ids" is junk. */
const webhookId = z.string().regex(/^[\x21-\x7e]{1,200}$/);
const paymentWebhookSchema = z.object({
  eventId: webhookId,
  type: z.string(),
  paymentId: webhookId,
  merchantReference: webhookId,
  amount: z.number(),
  token: webhookId.optional(),
});

/** The header the sandbox signs its webhooks in. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The sandbox payment provider (`/psp`) over HTTP; a production provider gets an adapter of its own. */
export function createSandboxPaymentProvider(
  options: HttpClientOptions & { webhookSecret: string },
): PaymentProvider {
  const client = createHttpClient(
    { timeoutMs: 5000, ...options },
    (message, attempts, cause) =>
      new PaymentProviderUnavailableError(`The payment provider failed: ${message}`, attempts, { cause }),
  );
  const path = (...parts: string[]) => `/psp/${parts.map(encodeURIComponent).join('/')}`;

  /** A 2xx body of the expected shape, a 4xx refusal with its code, or the provider is unusable. */
  function read<T extends z.ZodType>(
    what: string,
    answer: HttpAnswer,
    schema: T,
  ): ProviderResult<z.infer<T>> {
    if (answer.status >= 200 && answer.status < 300) {
      const body = schema.safeParse(answer.body);
      if (body.success) return { ok: true, ...(body.data as object) } as ProviderResult<z.infer<T>>;
    } else if (answer.status >= 400) {
      const refusal = refusalSchema.safeParse(answer.body);
      if (refusal.success) return { ok: false, code: refusal.data.code };
    }
    throw new PaymentProviderUnavailableError(
      `The payment provider answered ${what} unexpectedly (${answer.status})`,
      answer.attempts,
    );
  }

  const post = (target: string, idempotencyKey: string, body: unknown = {}) =>
    client.send('POST', target, { body, headers: { 'Idempotency-Key': idempotencyKey } });

  async function lookUp<T extends z.ZodType>(what: string, target: string, schema: T) {
    const answer = await client.send('GET', target);
    if (answer.status === 404) return undefined;
    const found = read(what, answer, schema);
    if (!found.ok) throw new PaymentProviderUnavailableError(`${what} was refused: ${found.code}`, 1);
    const { ok: _ok, ...value } = found;
    return value as z.infer<T>;
  }

  return {
    methods: PAYMENT_METHODS,

    async initiate({ idempotencyKey, ...request }) {
      return read('the payment start', await post('/psp/payments', idempotencyKey, request), createdSchema);
    },

    async charge({ idempotencyKey, ...request }) {
      return read('a token charge', await post('/psp/payments', idempotencyKey, request), chargedSchema);
    },

    status: (paymentId) => lookUp('a status look-up', path('payments', paymentId), paymentSchema),

    async capture(paymentId, amount, idempotencyKey) {
      const body = amount === undefined ? {} : { amount };
      return read(
        'a capture',
        await post(path('payments', paymentId, 'capture'), idempotencyKey, body),
        z.object({}),
      );
    },

    async cancel(paymentId, idempotencyKey) {
      return read('a void', await post(path('payments', paymentId, 'void'), idempotencyKey), z.object({}));
    },

    async refund(paymentId, amount, idempotencyKey) {
      const body = amount === undefined ? {} : { amount };
      const answer = await post(path('payments', paymentId, 'refunds'), idempotencyKey, body);
      return read('a refund', answer, refundedSchema);
    },

    async saveMethod({ idempotencyKey, ...request }) {
      return read('a token request', await post('/psp/tokens', idempotencyKey, request), tokenCreatedSchema);
    },

    token: (tokenId) => lookUp('a token look-up', path('tokens', tokenId), tokenSchema),

    async deleteToken(tokenId) {
      const answer = await client.send('DELETE', path('tokens', tokenId));
      if (answer.status === 404) return;
      read('a token deletion', answer, tokenSchema);
    },

    verifyWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signatureMatches(rawBody, signature, options.webhookSecret)) return { kind: 'invalid-signature' };
      const parsed = parseJson(rawBody);
      const payment = paymentWebhookSchema.safeParse(parsed);
      const event = payment.success ? EVENT_OF_TYPE[payment.data.type] : undefined;
      if (payment.success && event) {
        const { type: _type, ...webhook } = payment.data;
        return { kind: 'payment', ...webhook, event };
      }
      const other = webhookSchema.safeParse(parsed);
      return { kind: 'ignored', ...(other.success ? other.data : {}) };
    },
  };
}
