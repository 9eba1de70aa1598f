import { randomId } from '../ids';
import { checkApproval } from './approval';
import { payPalReturnFor } from './paypal';
import {
  type ActionOutcome,
  isActionable,
  type Payment,
  type PaymentRequest,
  type PaymentStatus,
  type Refund,
} from './types';

/**
 * The payments the sandbox keeps in memory and what shoppers and merchants can do to them.
 * Every change of status (and every refund) is reported to `onChange`, which sends the webhook.
 */

export type RefundOutcome =
  | { kind: 'done'; refund: Refund }
  | { kind: 'not-refundable' }
  | { kind: 'too-large'; refundable: number };

export type CaptureOutcome = { kind: 'done' } | { kind: 'not-capturable' } | { kind: 'too-large' };

/**
 * Minor units ending in these digits decline a merchant-initiated charge of a saved token, as a
 * real provider's "insufficient funds" test amount does (e.g. 1051 = €10.51).
 */
export const DECLINING_AMOUNT_ENDING = 51;

export interface PaymentServiceOptions {
  /** How long a payment of method `pending` stays PENDING after approval. */
  pendingCaptureDelayMs: number;
  /** Saves the payment's method as an ACTIVE token; answers the token id. */
  saveToken: (payment: Payment) => string;
  onChange: (payment: Payment) => void;
}

export class PaymentService {
  readonly #payments = new Map<string, Payment>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #options: PaymentServiceOptions;

  constructor(options: PaymentServiceOptions) {
    this.#options = options;
  }

  create(request: PaymentRequest & { token?: string }): Payment {
    const payment: Payment = {
      ...request,
      paymentId: randomId('pay'),
      status: 'PENDING',
      capturedAmount: 0,
      refundedAmount: 0,
      awaitingAuthentication: false,
      settling: false,
      refunds: [],
      createdAt: new Date().toISOString(),
    };
    const paypal = payPalReturnFor(payment);
    if (paypal) payment.paypal = paypal;
    this.#payments.set(payment.paymentId, payment);
    return payment;
  }

  get(paymentId: string): Payment | undefined {
    return this.#payments.get(paymentId);
  }

  /** Every payment, oldest first. */
  all(): Payment[] {
    return [...this.#payments.values()];
  }

  /**
   * The shopper approves. Cards follow the test cards (3-D Secure leaves the payment PENDING);
   * method `pending` settles after the configured delay; every other method settles now:
   * CAPTURED, or AUTHORIZED with manual capture.
   */
  approve(payment: Payment, input: Record<string, unknown>): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    const approval = checkApproval(payment.method, input);
    if (approval.kind === 'invalid') return approval;
    if (approval.card) payment.card = approval.card;
    if (approval.payerEmail) payment.payerEmail = approval.payerEmail;
    switch (approval.kind) {
      case 'declined':
        this.#finish(payment, 'DECLINED');
        return { kind: 'done' };
      case 'three-d-secure':
        payment.awaitingAuthentication = true;
        return { kind: 'three-d-secure' };
      case 'approved':
        if (payment.method === 'pending') this.#settleLater(payment);
        else this.#settle(payment);
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

  /** The shopper completes (settled) or fails (declined) 3-D Secure. */
  authenticate(payment: Payment, succeeded: boolean): ActionOutcome {
    if (!isActionable(payment)) return { kind: 'not-pending' };
    if (!payment.awaitingAuthentication) return { kind: 'not-requested' };
    if (succeeded) this.#settle(payment);
    else this.#finish(payment, 'DECLINED');
    return { kind: 'done' };
  }

  /**
   * Decides a merchant-initiated payment on a saved token at once: declined when the amount ends
   * in {@link DECLINING_AMOUNT_ENDING} or the saved card declines later charges, else settled.
   */
  chargeSavedMethod(payment: Payment, cardDeclines = false): void {
    if (cardDeclines || payment.amount % 100 === DECLINING_AMOUNT_ENDING) this.#finish(payment, 'DECLINED');
    else this.#settle(payment);
  }

  /** Captures all (no amount) or part of an AUTHORIZED payment; the rest of it is released. */
  capture(payment: Payment, amount?: number): CaptureOutcome {
    if (payment.status !== 'AUTHORIZED') return { kind: 'not-capturable' };
    const value = amount ?? payment.amount;
    if (value > payment.amount) return { kind: 'too-large' };
    payment.capturedAmount = value;
    this.#finish(payment, 'CAPTURED');
    return { kind: 'done' };
  }

  /** Cancels an AUTHORIZED payment; answers false for any other status. */
  voidAuthorization(payment: Payment): boolean {
    if (payment.status !== 'AUTHORIZED') return false;
    this.#finish(payment, 'CANCELLED');
    return true;
  }

  /** Refunds `amount` (default: all that is left) of what was captured. */
  refund(payment: Payment, amount?: number): RefundOutcome {
    if (payment.status !== 'CAPTURED' && payment.status !== 'PARTIALLY_REFUNDED') {
      return { kind: 'not-refundable' };
    }
    const refundable = payment.capturedAmount - payment.refundedAmount;
    const value = amount ?? refundable;
    if (value > refundable) return { kind: 'too-large', refundable };
    const refund: Refund = { refundId: randomId('ref'), amount: value, createdAt: new Date().toISOString() };
    payment.refunds.push(refund);
    payment.refundedAmount += value;
    payment.status = payment.refundedAmount === payment.capturedAmount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    this.#options.onChange(payment);
    return { kind: 'done', refund };
  }

  /** Stops delayed captures; called when the sandbox closes. */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #settleLater(payment: Payment): void {
    payment.settling = true;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      payment.settling = false;
      this.#settle(payment);
    }, this.#options.pendingCaptureDelayMs);
    this.#timers.add(timer);
  }

  /** Approved: captured in full, or only authorized when the merchant captures manually. */
  #settle(payment: Payment): void {
    if (payment.captureMethod === 'manual') {
      this.#finish(payment, 'AUTHORIZED');
    } else {
      payment.capturedAmount = payment.amount;
      this.#finish(payment, 'CAPTURED');
    }
  }

  #finish(
    payment: Payment,
    status: Extract<PaymentStatus, 'AUTHORIZED' | 'CAPTURED' | 'DECLINED' | 'CANCELLED'>,
  ): void {
    payment.status = status;
    payment.awaitingAuthentication = false;
    const approved = status === 'AUTHORIZED' || status === 'CAPTURED';
    if (approved && payment.savePaymentMethod && !payment.token) {
      payment.token = this.#options.saveToken(payment);
    }
    this.#options.onChange(payment);
  }
}

/** A payment as `GET /psp/payments/{id}` (and capture and void) show it. */
export function paymentView(payment: Payment) {
  return {
    paymentId: payment.paymentId,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    captureMethod: payment.captureMethod,
    merchantReference: payment.merchantReference,
    capturedAmount: payment.capturedAmount,
    refundedAmount: payment.refundedAmount,
    ...(payment.token ? { token: payment.token } : {}),
    deviceId: payment.deviceId ?? null,
    fraudnetSessionId: payment.fraudnetSessionId ?? null,
  };
}
