// ---------------------------------------------------------------------------------------------
// Payment state machine (design §3): a payment with the provider, driven by provider events.
// ---------------------------------------------------------------------------------------------

/** The states of a payment with the provider. */
export const PAYMENT_STATES = [
  /** Created; the shopper is not yet at the provider. */
  'INITIATED',
  /** The shopper is at the hosted page, in 3-D Secure, or the method is pending. */
  'PENDING',
  'AUTHORIZED',
  'CAPTURED',
  'DECLINED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The events the provider (or the shop's redirect) reports about a payment. */
export const PAYMENT_EVENTS = [
  'REDIRECTED',
  'AUTHORIZE',
  'CAPTURE',
  'DECLINE',
  'CANCEL',
  'EXPIRE',
  'FAIL',
  'REFUND_PARTIAL',
  'REFUND_FULL',
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/**
 * The payment transition table: the state an event leads to from each state; an event missing
 * from a row is refused. An authorization may be captured, voided (CANCEL) or left to expire;
 * captured money may be refunded in parts and then in full. Declined, cancelled, expired, failed
 * and refunded payments accept nothing more.
 */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentState, Readonly<Partial<Record<PaymentEvent, PaymentState>>>>
> = {
  INITIATED: {
    REDIRECTED: 'PENDING',
    AUTHORIZE: 'AUTHORIZED',
    // Some providers capture at once and send no separate authorization.
    CAPTURE: 'CAPTURED',
    DECLINE: 'DECLINED',
    CANCEL: 'CANCELLED',
    EXPIRE: 'EXPIRED',
    FAIL: 'FAILED',
  },
  PENDING: {
    AUTHORIZE: 'AUTHORIZED',
    CAPTURE: 'CAPTURED',
    DECLINE: 'DECLINED',
    CANCEL: 'CANCELLED',
    EXPIRE: 'EXPIRED',
    FAIL: 'FAILED',
  },
  AUTHORIZED: { CAPTURE: 'CAPTURED', CANCEL: 'CANCELLED', EXPIRE: 'EXPIRED' },
  CAPTURED: { REFUND_PARTIAL: 'PARTIALLY_REFUNDED', REFUND_FULL: 'REFUNDED' },
  PARTIALLY_REFUNDED: { REFUND_PARTIAL: 'PARTIALLY_REFUNDED', REFUND_FULL: 'REFUNDED' },
  DECLINED: {},
  CANCELLED: {},
  EXPIRED: {},
  FAILED: {},
  REFUNDED: {},
};

export type PaymentTransitionResult =
  | { ok: true; state: PaymentState }
  | { ok: false; reason: 'NOT_ALLOWED'; from: PaymentState; event: PaymentEvent };

/** Applies an event to a payment by {@link PAYMENT_TRANSITIONS}, or refuses it as NOT_ALLOWED. */
export function applyPaymentEvent(state: PaymentState, event: PaymentEvent): PaymentTransitionResult {
  const next = PAYMENT_TRANSITIONS[state][event];
  return next === undefined
    ? { ok: false, reason: 'NOT_ALLOWED', from: state, event }
    : { ok: true, state: next };
}

/**
 * Whether the outcome of a payment is settled: every state but INITIATED, PENDING and AUTHORIZED.
 * CAPTURED and PARTIALLY_REFUNDED are final too, though they still accept refunds.
 */
export function isFinalPaymentState(state: PaymentState): boolean {
  return state !== 'INITIATED' && state !== 'PENDING' && state !== 'AUTHORIZED';
}

/**
 * States in which the provider has not decided yet: the shopper is still at the provider (or has
 * not reached it), and no money is held or taken.
 */
export const UNDECIDED_PAYMENT_STATES = ['INITIATED', 'PENDING'] as const satisfies readonly PaymentState[];

export function isPaymentUndecided(state: PaymentState): boolean {
  return (UNDECIDED_PAYMENT_STATES as readonly PaymentState[]).includes(state);
}

/**
 * Whether a payment in `from` may come to be in `to` by some series of provider events: what the
 * provider reports about its own payment is taken over only then (a webhook may have been lost
 * on the way, never a payment that went back).
 */
export function canPaymentReach(from: PaymentState, to: PaymentState): boolean {
  const reached = new Set<PaymentState>([from]);
  const queue: PaymentState[] = [from];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of Object.values(PAYMENT_TRANSITIONS[state])) {
      if (next === to) return true;
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** The state each event leads to, wherever it is allowed. */
const EVENT_TARGET: Readonly<Record<PaymentEvent, PaymentState>> = {
  REDIRECTED: 'PENDING',
  AUTHORIZE: 'AUTHORIZED',
  CAPTURE: 'CAPTURED',
  DECLINE: 'DECLINED',
  CANCEL: 'CANCELLED',
  EXPIRE: 'EXPIRED',
  FAIL: 'FAILED',
  REFUND_PARTIAL: 'PARTIALLY_REFUNDED',
  REFUND_FULL: 'REFUNDED',
};

/**
 * A repeated event is harmless: whether `event` is a duplicate of the one that brought the payment
 * to `state` (AUTHORIZE when AUTHORIZED, CAPTURE when CAPTURED, REFUND_FULL when REFUNDED, …), so
 * a webhook delivered twice can be ignored instead of refused. REFUND_PARTIAL when
 * PARTIALLY_REFUNDED is not a duplicate: it is a further partial refund, which the table allows;
 * telling a redelivered partial refund from a new one needs the provider's refund reference.
 */
export function isAlreadyApplied(state: PaymentState, event: PaymentEvent): boolean {
  return EVENT_TARGET[event] === state && PAYMENT_TRANSITIONS[state][event] === undefined;
}

// ---------------------------------------------------------------------------------------------
// Order statuses and the commit flow (spec §4).
// ---------------------------------------------------------------------------------------------

/** Spec §4: the order statuses the shop receives, spelled as the backend spells them. */
export const ORDER_STATUSES = [
  'paid',
  'committed',
  'cancelled',
  'paymentPending',
  'paymentInit',
  'paymentAuthorized',
  'aborted',
  'abortedButResponseReceived',
  'refunded',
  'partiallyRefunded',
  'partiallyCommitted',
  'productProcessDone',
  'productProcessError',
  'failed',
  'ORDER_ALREADY_COMMITTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec §4: order statuses that count as failed. */
export const FAILED_LIKE_ORDER_STATUSES: readonly OrderStatus[] = [
  'cancelled',
  'aborted',
  'productProcessError',
  'abortedButResponseReceived',
  'failed',
];

/** Spec §4: the payment status shown to the shopper. */
export const PAYMENT_UI_STATUSES = [
  'Pending',
  'Success',
  'Failure',
  'Refunded',
  'PartialSuccess',
  'PartiallyRefunded',
] as const;
export type PaymentUiStatus = (typeof PAYMENT_UI_STATUSES)[number];

/** Spec §9: the commit is polled every 2000 ms while it is pending. */
export const COMMIT_POLL_INTERVAL_MS = 2000;

/** Spec §9: a commit still pending after this many retries has timed out. */
export const MAX_COMMIT_RETRIES = 10;

/** The part of a commit (or order status) answer the payment UI status is read from. */
export interface CommitResponse {
  orderStatus: string;
  messages?: string | string[];
  paymentStatus?: string;
  ignoreRetry?: boolean;
}

export interface PaymentUiState {
  status: PaymentUiStatus;
  retries: number;
  /** Translation key of the message to show with the status. */
  messageKey?: string;
}

/** Spec §4 display recognition: partially refunded, or already committed with such a payment. */
export function isPartiallyRefunded(response: CommitResponse): boolean {
  return (
    response.orderStatus === 'partiallyRefunded' ||
    (response.orderStatus === 'ORDER_ALREADY_COMMITTED' && response.paymentStatus === 'PARTIALLY_REFUNDED')
  );
}

/** Spec §4 display recognition: refunded, or already committed with a refunded payment. */
export function isRefunded(response: CommitResponse): boolean {
  return (
    response.orderStatus === 'refunded' ||
    (response.orderStatus === 'ORDER_ALREADY_COMMITTED' && response.paymentStatus === 'REFUNDED')
  );
}

const hasMessage = (messages: string | string[] | undefined, key: string): boolean =>
  Array.isArray(messages) ? messages.includes(key) : messages === key;

/**
 * Spec §4 commit flow steps 3–7: the payment UI status after a commit answer, given the retries so
 * far. Checked in order, the first match wins:
 * 1. paymentPending without ignoreRetry: Pending with retries + 1, or Failure with
 *    paymentOperationTimedOut once that count reaches MAX_COMMIT_RETRIES;
 * 2. messages being (or, as a list, including) partiallyCommitted: PartialSuccess;
 * 3. a failed-like status (productProcessError and failed as step 5 names them, and also
 *    cancelled, aborted and abortedButResponseReceived, which no shopper should see as a
 *    success): Failure (no message key);
 * 4. partially refunded (see {@link isPartiallyRefunded}): PartiallyRefunded;
 * 5. refunded (see {@link isRefunded}): Refunded;
 * 6. anything else, including paymentPending with ignoreRetry: Success.
 * Outside step 1 the retries are returned unchanged.
 */
export function paymentUiStatus(response: CommitResponse, retries: number): PaymentUiState {
  const { orderStatus } = response;
  if (orderStatus === 'paymentPending' && !response.ignoreRetry) {
    const next = retries + 1;
    return next >= MAX_COMMIT_RETRIES
      ? { status: 'Failure', retries: next, messageKey: 'paymentOperationTimedOut' }
      : { status: 'Pending', retries: next };
  }
  if (hasMessage(response.messages, 'partiallyCommitted')) {
    return { status: 'PartialSuccess', retries, messageKey: 'partiallyCommittedMessage' };
  }
  if ((FAILED_LIKE_ORDER_STATUSES as readonly string[]).includes(orderStatus))
    return { status: 'Failure', retries };
  if (isPartiallyRefunded(response)) {
    return { status: 'PartiallyRefunded', retries, messageKey: 'partiallyRefundedMessage' };
  }
  if (isRefunded(response)) return { status: 'Refunded', retries, messageKey: 'refunded' };
  return { status: 'Success', retries };
}

// ---------------------------------------------------------------------------------------------
// Whether the cart needs a payment (spec §4), and the tenant's payment methods.
// ---------------------------------------------------------------------------------------------

/** A cart item as far as the payment decision goes. */
export interface PaymentItem {
  /** AUTOMATIC is a low-balance or recurring (auto) top-up set-up; SMS an SMS top-up set-up. */
  kind: 'ONCE_OFF' | 'AUTOMATIC' | 'CASH_CODE' | 'SMS' | 'VOUCHER';
  /** The auto top-up option of an AUTOMATIC item; not consulted here. */
  autoTopupOption?: string;
}

const hasKind = (items: readonly PaymentItem[], kind: PaymentItem['kind']): boolean =>
  items.some((item) => item.kind === kind);

/**
 * What pays for an order (decision 0017): the payment provider whenever the total is above 0,
 * whatever the items; a cart of cash codes is paid by the codes themselves, redeemed at the
 * operator before anything is delivered; nothing pays an order of total 0 (a free set-up).
 */
export type OrderPayer = 'PROVIDER' | 'CASH_CODES' | 'NONE';

export function orderPayer(items: readonly PaymentItem[], totalPrice: number): OrderPayer {
  if (items.length > 0 && items.every((item) => item.kind === 'CASH_CODE')) return 'CASH_CODES';
  return totalPrice > 0 ? 'PROVIDER' : 'NONE';
}

/**
 * Spec §4's payment rule, read as decision 0017 does: a payment at the provider is required
 * whenever the total is above 0. Its sentences on automatic and SMS items describe free
 * set-ups at total 0; they never let an item with a price leave unpaid.
 */
export function isPaymentRequired(items: readonly PaymentItem[], totalPrice: number): boolean {
  return orderPayer(items, totalPrice) === 'PROVIDER';
}

export type FreeSetupKind = 'FREE_AUTOMATIC_SETUP' | 'FREE_SMS_SETUP';

/**
 * Spec §4: an AUTOMATIC item with total 0 is a free automatic setup, else an SMS item with total 0
 * is a free SMS setup; "total 0" means not above 0, as in {@link isPaymentRequired}. A free setup
 * never requires a payment and delivers nothing when its order is committed.
 */
export function freeSetupKind(items: readonly PaymentItem[], totalPrice: number): FreeSetupKind | undefined {
  if (totalPrice > 0) return undefined;
  if (hasKind(items, 'AUTOMATIC')) return 'FREE_AUTOMATIC_SETUP';
  if (hasKind(items, 'SMS')) return 'FREE_SMS_SETUP';
  return undefined;
}

/** A cash code is redeemed in a cart of its own: mixed with items the provider is paid for, it would be paid twice. */
export function mixesCashCodes(items: readonly { kind: string }[]): boolean {
  const cashCodes = items.filter((item) => item.kind === 'CASH_CODE').length;
  return cashCodes > 0 && cashCodes < items.length;
}

/** Only the tenant's payment methods are offered; names compare exactly. */
export function paymentMethodOffered(method: string, tenantMethods: readonly string[]): boolean {
  return tenantMethods.includes(method);
}

/**
 * The order status (spec §4) while an order waits for, or has, its payment: the payment's state
 * decides it until fulfilment takes over.
 */
export const ORDER_STATUS_OF_PAYMENT: Readonly<Record<PaymentState, OrderStatus>> = {
  INITIATED: 'paymentInit',
  PENDING: 'paymentPending',
  AUTHORIZED: 'paymentAuthorized',
  CAPTURED: 'paid',
  DECLINED: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'aborted',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partiallyRefunded',
};

/**
 * What can still be refunded of a payment: what it captured (all of it where the provider took the
 * money at once) less what went back already; nothing before capture or after a void.
 */
export function refundableAmount(payment: {
  state: PaymentState;
  amount: number;
  capturedAmount: number | null;
  refundedAmount: number;
}): number {
  if (payment.state !== 'CAPTURED' && payment.state !== 'PARTIALLY_REFUNDED') return 0;
  return Math.max(0, (payment.capturedAmount ?? payment.amount) - payment.refundedAmount);
}

/** Whether a new payment attempt may replace this one: it ended without taking money. */
export function isRetryablePaymentState(state: PaymentState): boolean {
  return state === 'DECLINED' || state === 'CANCELLED' || state === 'EXPIRED' || state === 'FAILED';
}

/** Whether the payment holds or took the shopper's money. */
export function isMoneyTaken(state: PaymentState): boolean {
  return (
    state === 'AUTHORIZED' || state === 'CAPTURED' || state === 'PARTIALLY_REFUNDED' || state === 'REFUNDED'
  );
}

/** A payment attempt of an order, as far as deciding the order's payment goes. */
export interface PaymentAttempt {
  attempt: number;
  state: PaymentState;
}

const CAPTURED_STATES: readonly PaymentState[] = ['CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/**
 * The attempt that decides an order's payment: the first (lowest) attempt whose money was
 * captured, else the first that holds an authorization, else the latest attempt. Any other
 * attempt holding money is a duplicate to give back.
 */
export function decidingAttempt<T extends PaymentAttempt>(attempts: readonly T[]): T | undefined {
  const byAttempt = [...attempts].sort((a, b) => a.attempt - b.attempt);
  return (
    byAttempt.find((attempt) => CAPTURED_STATES.includes(attempt.state)) ??
    byAttempt.find((attempt) => isMoneyTaken(attempt.state)) ??
    byAttempt.at(-1)
  );
}

/**
 * Attempts holding money that the deciding attempt makes redundant: they are to be refunded or
 * voided. `settledWith` names the attempt an order was already settled with, which then decides.
 */
export function duplicateAttempts<T extends PaymentAttempt>(attempts: readonly T[], settledWith?: T): T[] {
  const deciding = settledWith ?? decidingAttempt(attempts);
  return attempts.filter(
    (attempt) => attempt !== deciding && (attempt.state === 'CAPTURED' || attempt.state === 'AUTHORIZED'),
  );
}
