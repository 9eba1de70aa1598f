import { checkApproval } from './approval';
import { randomId } from './ids';
import { isActionable, type Payment, type PaymentRequest, type PaymentStatus, type Refund } from './types';

/**
 * The payments the sandbox keeps in memory and what shoppers and merchants can do to them.
 * Every change of status (and every refund) is reported to `onChange`, which sends the webhook.
 */

/** What a shopper's action did; the routes turn it into a redirect or an error. */
export type ActionOutcome =
  | { kind: 'done' }
  | { kind: 'three-d-secure' }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'not-pending' }
  | { kind: 'not-requested' };

export type RefundOutcome =
  | { kind: 'done'; refund: Refund }
  | { kind: 'not-refundable' }
  | { kind: 'too-large'; refundable: number };

export interface PaymentServiceOptions {
  /** How long a payment of method `pending` stays PENDING after approval. */
  pendingCaptureDelayMs: number;
  onChange: (payment: Payment) => void;
}

export class PaymentService {
  readonly #payments = new Map<string, Payment>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #options: PaymentServiceOptions;

  constructor(options: PaymentServiceOptions) {
    this.#options = options;
  }

  create(request: PaymentRequest): Payment {
    const payment: Payment = {
      ...request,
      paymentId: randomId('pay'),
      status: 'PENDING',
      refundedAmount: 0,
      awaitingAuthentication: false,
      settling: false,
      refunds: [],
      createdAt: new Date().toISOString(),
    };
    this.#payments.set(payment.paymentId, payment);
    return payment;
  }

  get(paymentId: string): Payment | undefined {
    return this.#payments.get(paymentId);
  }

  /**
   * The shopper approves. Cards follow the test cards (3-D Secure leaves the payment PENDING);
   * method `pending` is captured after the configured delay; every other method is captured now.
   */
  approve(payment: Payment, input: Record<string, unknown>): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    const approval = checkApproval(payment.method, input);
    if (approval.kind === 'invalid') return approval;
    if (approval.cardLast4) payment.cardLast4 = approval.cardLast4;
    switch (approval.kind) {
      case 'declined':
        this.#finish(payment, 'DECLINED');
        return { kind: 'done' };
      case 'three-d-secure':
        payment.awaitingAuthentication = true;
        return { kind: 'three-d-secure' };
      case 'approved':
        if (payment.method === 'pending') this.#captureLater(payment);
        else this.#finish(payment, 'CAPTURED');
        return { kind: 'done' };
    }
  }

  decline(payment: Payment): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    this.#finish(payment, 'DECLINED');
    return { kind: 'done' };
  }

  cancel(payment: Payment): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    this.#finish(payment, 'CANCELLED');
    return { kind: 'done' };
  }

  /** The shopper completes (captured) or fails (declined) 3-D Secure. */
  authenticate(payment: Payment, succeeded: boolean): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    if (!payment.awaitingAuthentication) return { kind: 'not-requested' };
    this.#finish(payment, succeeded ? 'CAPTURED' : 'DECLINED');
    return { kind: 'done' };
  }

  /** Refunds `amount` (default: all that is left) of a captured payment. */
  refund(payment: Payment, amount?: number): RefundOutcome {
    if (payment.status !== 'CAPTURED' && payment.status !== 'PARTIALLY_REFUNDED') {
      return { kind: 'not-refundable' };
    }
    const refundable = payment.amount - payment.refundedAmount;
    const value = amount ?? refundable;
    if (value > refundable) return { kind: 'too-large', refundable };
    const refund: Refund = { refundId: randomId('ref'), amount: value, createdAt: new Date().toISOString() };
    payment.refunds.push(refund);
    payment.refundedAmount += value;
    payment.status = payment.refundedAmount === payment.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    this.#options.onChange(payment);
    return { kind: 'done', refund };
  }

  /** Stops delayed captures; called when the sandbox closes. */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #captureLater(payment: Payment): void {
    payment.settling = true;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      payment.settling = false;
      this.#finish(payment, 'CAPTURED');
    }, this.#options.pendingCaptureDelayMs);
    this.#timers.add(timer);
  }

  #finish(payment: Payment, status: Extract<PaymentStatus, 'CAPTURED' | 'DECLINED' | 'CANCELLED'>): void {
    payment.status = status;
    payment.awaitingAuthentication = false;
    if (status === 'CAPTURED' && payment.savePaymentMethod) payment.token = randomId('tok');
    this.#options.onChange(payment);
  }
}

/** A payment as `GET /psp/payments/{id}` shows it. */
export function paymentView(payment: Payment) {
  return {
    paymentId: payment.paymentId,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    merchantReference: payment.merchantReference,
    refundedAmount: payment.refundedAmount,
    ...(payment.token ? { token: payment.token } : {}),
  };
}
