import {
  type CommitResponse,
  type ErrorCode,
  messageKeyFor,
  type PaymentUiState,
  type PaymentUiStatus,
  paymentUiStatus,
} from '@shop/domain';
import type { CommitAnswer } from '@shop/domain/contract';

/** Which result page shows the commit: a paid order's, or a cash code's (no payment to try again). */
export type ResultKind = 'payment' | 'cashCode';

/** The commit as a result page holds it (spec §4 commit flow). */
export interface CommitState {
  ui: PaymentUiState;
  /** The last answer of the commit call. */
  answer?: CommitAnswer;
  /** The message key of a failed call (non-200 or no answer at all). */
  errorKey?: string;
}

/** Step 1: a commit starts as Pending with no retries. */
export const COMMIT_START: CommitState = { ui: { status: 'Pending', retries: 0 } };

function commitResponse(answer: CommitAnswer): CommitResponse {
  return {
    orderStatus: answer.orderStatus,
    messages: answer.messages,
    ...(answer.paymentStatus ? { paymentStatus: answer.paymentStatus } : {}),
  };
}

/** Steps 3–7: the state after a 200 answer, by the domain's rules. */
export function afterAnswer(state: CommitState, answer: CommitAnswer): CommitState {
  return { ui: paymentUiStatus(commitResponse(answer), state.ui.retries), answer };
}

/**
 * A commit refused for the order it names: no such order for this cart, or a link so malformed
 * (VALIDATION_FAILED) that it names none. Both show the text of an unknown order.
 */
const UNKNOWN_ORDER_CODES: ReadonlySet<string> = new Set<ErrorCode>(['UNKNOWN_ORDER', 'VALIDATION_FAILED']);
const UNKNOWN_ORDER_KEY = messageKeyFor('UNKNOWN_ORDER');

/**
 * Step 8: a non-200 answer or a transport error ends in Failure, with the server's message when
 * it names a text of the shop, else the message of its code (an unknown order says so).
 */
export function afterError(
  state: CommitState,
  error: { code: string | undefined; message?: string },
  isMessageKey: (key: string) => boolean,
): CommitState {
  const errorKey =
    error.code && UNKNOWN_ORDER_CODES.has(error.code)
      ? UNKNOWN_ORDER_KEY
      : error.message && isMessageKey(error.message)
        ? error.message
        : messageKeyFor(error.code);
  return { ui: { status: 'Failure', retries: state.ui.retries }, errorKey };
}

/** A result page that names no order (or a malformed one) has nothing to commit. */
export const UNKNOWN_ORDER_STATE: CommitState = {
  ui: { status: 'Failure', retries: 0 },
  errorKey: UNKNOWN_ORDER_KEY,
};

/** Spec §9: the illustration of each status, as its file names spell it. */
export const ILLUSTRATION_NAMES: Readonly<Record<PaymentUiStatus, string>> = {
  Pending: 'pending',
  Success: 'success',
  Failure: 'failure',
  Refunded: 'refunded',
  PartialSuccess: 'partial-success',
  PartiallyRefunded: 'partially-refunded',
};

/** Spec §9: `payment-{state}.svg` beside a detailed success page, `{state}-payment.gif` otherwise. */
export function illustrationPath(status: PaymentUiStatus, detailed: boolean): string {
  const name = ILLUSTRATION_NAMES[status];
  return detailed ? `/illustrations/payment-${name}.svg` : `/illustrations/${name}-payment.gif`;
}

/** Payment states that ended without taking money: the shopper may pay again for the same cart. */
const RETRYABLE_PAYMENT_STATUSES = new Set(['DECLINED', 'CANCELLED', 'FAILED', 'EXPIRED']);

/** What the result page says about the commit. */
export interface ResultView {
  status: PaymentUiStatus;
  /** The commit has ended (the page asks no more). */
  final: boolean;
  titleKey: string;
  /** The status line, spoken by the live region. */
  messageKey: string;
  /** A further explanation under the status line. */
  detailKey?: string;
  /** The payment was declined, cancelled or failed: the cart is kept for another try. */
  canRetry: boolean;
  /** The order is settled for good: the cart is done with. */
  resetsCart: boolean;
}

function failureMessageKey(
  state: CommitState,
  kind: ResultKind,
  isMessageKey: (key: string) => boolean,
): string {
  if (state.ui.messageKey) return state.ui.messageKey;
  if (state.errorKey) return state.errorKey;
  const answer = state.answer;
  if (answer?.message && isMessageKey(answer.message)) return answer.message;
  if (kind === 'cashCode') return 'cashCodeFailed';
  if (answer?.paymentStatus === 'DECLINED') return 'paymentDeclined';
  if (answer?.paymentStatus === 'CANCELLED' || answer?.orderStatus === 'cancelled') return 'paymentCancelled';
  return 'paymentFailed';
}

/** The titles and texts of each status; cash codes have their own for success and failure. */
export function resultView(
  state: CommitState,
  kind: ResultKind,
  isMessageKey: (key: string) => boolean,
): ResultView {
  const { status } = state.ui;
  const answer = state.answer;
  const base = { status, final: status !== 'Pending', canRetry: false, resetsCart: status !== 'Pending' };
  switch (status) {
    case 'Pending':
      return {
        ...base,
        titleKey: 'resultTitle_Pending',
        messageKey: kind === 'cashCode' ? 'cashCodeBusy' : 'paymentPending',
      };
    case 'Success':
      return kind === 'cashCode'
        ? { ...base, titleKey: 'cashCodeRedeemedTitle', messageKey: 'cashCodeRedeemed' }
        : { ...base, titleKey: 'resultTitle_Success', messageKey: 'orderCompleted' };
    case 'PartialSuccess':
      return { ...base, titleKey: 'resultTitle_PartialSuccess', messageKey: 'partiallyCommittedMessage' };
    case 'PartiallyRefunded':
      return { ...base, titleKey: 'resultTitle_PartiallyRefunded', messageKey: 'partiallyRefundedMessage' };
    case 'Refunded':
      return {
        ...base,
        titleKey: 'resultTitle_Refunded',
        messageKey: 'paymentRefunded',
        detailKey: state.ui.messageKey ?? 'refunded',
      };
    case 'Failure': {
      const canRetry =
        kind === 'payment' &&
        answer !== undefined &&
        answer.paymentStatus !== null &&
        RETRYABLE_PAYMENT_STATUSES.has(answer.paymentStatus);
      // A timed-out or unreachable commit may still end well: the cart stays until it is known.
      const settled = answer !== undefined && state.ui.messageKey !== 'paymentOperationTimedOut';
      return {
        ...base,
        titleKey: kind === 'cashCode' ? 'cashCodeNotRedeemedTitle' : 'resultTitle_Failure',
        messageKey: failureMessageKey(state, kind, isMessageKey),
        canRetry,
        resetsCart: settled && !canRetry,
      };
    }
  }
}
