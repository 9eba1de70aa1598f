import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentEvent } from '@shop/domain';
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, UpstreamUnavailableError } from './http';

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
  savePaymentMethod?: boolean;
  additionalData?: Record<string, unknown>;
}

export interface ProviderPayment {
  paymentId: string;
  status: string;
  amount: number;
  currency: string;
  refundedAmount: number;
  token?: string;
}

/** A verified webhook, reduced to the payment event it means for us. */
export interface PaymentWebhook {
  eventId: string;
  paymentId: string;
  merchantReference: string;
  event: PaymentEvent;
  amount: number;
}

export type RefundResult = { ok: true; refundedAmount: number } | { ok: false; code: string };

/** The payment provider as our checkout sees it (hosted pages: card data never reaches us). */
export interface PaymentProvider {
  initiate(request: PaymentInitiation): Promise<{ paymentId: string; payerUrl: string }>;
  status(paymentId: string): Promise<ProviderPayment | undefined>;
  refund(paymentId: string, amount: number | undefined, idempotencyKey: string): Promise<RefundResult>;
  /** Undefined for a bad signature or an event we do not know: the caller answers 401 or ignores it. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentWebhook | undefined;
}

/** The provider could not be reached or refused a well-formed request, after every try. */
export class PaymentProviderUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'PaymentProviderUnavailableError';
}

const EVENT_OF_TYPE: Record<string, PaymentEvent> = {
  'payment.captured': 'CAPTURE',
  'payment.declined': 'DECLINE',
  'payment.cancelled': 'CANCEL',
  'payment.refunded': 'REFUND_FULL',
  'payment.partially_refunded': 'REFUND_PARTIAL',
};

const createdSchema = z.object({ paymentId: z.string(), payerUrl: z.string() });
const paymentSchema = z.object({
  paymentId: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  refundedAmount: z.number(),
  token: z.string().optional(),
});
const webhookSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  paymentId: z.string(),
  merchantReference: z.string(),
  amount: z.number(),
});

function signatureMatches(rawBody: string, header: string | undefined, secret: string): boolean {
  const given = header?.match(/^sha256=([0-9a-f]{64})$/)?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** The sandbox payment provider (`/psp`) over HTTP; a production provider gets an adapter of its own. */
export function createSandboxPaymentProvider(
  options: HttpClientOptions & { webhookSecret: string },
): PaymentProvider {
  const client = createHttpClient(
    { timeoutMs: 5000, ...options },
    (message, attempts, cause) =>
      new PaymentProviderUnavailableError(`The payment provider failed: ${message}`, attempts, { cause }),
  );
  const unexpected = (what: string, status: number, attempts: number) =>
    new PaymentProviderUnavailableError(
      `The payment provider answered ${what} unexpectedly (${status})`,
      attempts,
    );

  return {
    async initiate({ idempotencyKey, ...request }) {
      const answer = await client.send('POST', '/psp/payments', {
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      const created = createdSchema.safeParse(answer.body);
      if ((answer.status === 201 || answer.status === 200) && created.success) return created.data;
      throw unexpected('the payment start', answer.status, answer.attempts);
    },

    async status(paymentId) {
      const answer = await client.send('GET', `/psp/payments/${encodeURIComponent(paymentId)}`);
      if (answer.status === 404) return undefined;
      const payment = paymentSchema.safeParse(answer.body);
      if (answer.status === 200 && payment.success) return payment.data;
      throw unexpected('a status look-up', answer.status, answer.attempts);
    },

    async refund(paymentId, amount, idempotencyKey) {
      const answer = await client.send('POST', `/psp/payments/${encodeURIComponent(paymentId)}/refunds`, {
        body: amount === undefined ? {} : { amount },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      const body = answer.body as { refundedAmount?: number; code?: string } | undefined;
      if (answer.status < 300 && typeof body?.refundedAmount === 'number') {
        return { ok: true, refundedAmount: body.refundedAmount };
      }
      if (answer.status >= 400 && answer.status < 500 && body?.code) return { ok: false, code: body.code };
      throw unexpected('a refund', answer.status, answer.attempts);
    },

    verifyWebhook(rawBody, signature) {
      if (!signatureMatches(rawBody, signature, options.webhookSecret)) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return undefined;
      }
      const webhook = webhookSchema.safeParse(parsed);
      const event = webhook.success ? EVENT_OF_TYPE[webhook.data.type] : undefined;
      if (!webhook.success || !event) return undefined;
      const { eventId, paymentId, merchantReference, amount } = webhook.data;
      return { eventId, paymentId, merchantReference, amount, event };
    },
  };
}
