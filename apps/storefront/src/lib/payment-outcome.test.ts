import { MAX_COMMIT_RETRIES } from '@shop/domain';
import type { CommitAnswer } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  afterError,
  COMMIT_START,
  type CommitState,
  illustrationPath,
  resultView,
  UNKNOWN_ORDER_STATE,
} from './payment-outcome';

const KNOWN_KEYS = new Set(['cashCodeUnknown', 'cashCodeUsed', 'refunded', 'paymentOperationTimedOut']);
const isKey = (key: string) => KNOWN_KEYS.has(key);

function answer(overrides: Partial<CommitAnswer>): CommitAnswer {
  return {
    orderNumber: 'FUN-7K3M9QX2',
    orderStatus: 'committed',
    messages: [],
    paymentStatus: 'CAPTURED',
    amountCharged: 1500,
    creditAdded: 1500,
    paymentReference: 'FUN-7K3M9QX2-1',
    currency: 'EUR',
    voucherPin: null,
    vouchers: [],
    phoneNumbers: ['+491701234567'],
    message: null,
    orderedAt: '2026-11-23T10:00:00.000Z',
    voucherDelivery: null,
    ...overrides,
  };
}

const after = (overrides: Partial<CommitAnswer>, state: CommitState = COMMIT_START) =>
  afterAnswer(state, answer(overrides));

describe('the commit as the result page follows it', () => {
  it('starts Pending with no retries', () => {
    expect(COMMIT_START.ui).toEqual({ status: 'Pending', retries: 0 });
    expect(resultView(COMMIT_START, 'payment', isKey)).toMatchObject({
      final: false,
      messageKey: 'paymentPending',
    });
  });

  it('counts pending answers and times out after the last retry', () => {
    let state = COMMIT_START;
    for (let retry = 1; retry < MAX_COMMIT_RETRIES; retry += 1) {
      state = after({ orderStatus: 'paymentPending', paymentStatus: 'PENDING' }, state);
      expect(state.ui).toEqual({ status: 'Pending', retries: retry });
    }
    state = after({ orderStatus: 'paymentPending', paymentStatus: 'PENDING' }, state);
    const view = resultView(state, 'payment', isKey);
    expect(view).toMatchObject({
      status: 'Failure',
      messageKey: 'paymentOperationTimedOut',
      canRetry: false,
    });
    // Nobody knows yet how the order ends: the cart stays.
    expect(view.resetsCart).toBe(false);
  });

  it('shows a committed order as a success and lets the cart go', () => {
    const view = resultView(after({}), 'payment', isKey);
    expect(view).toMatchObject({ status: 'Success', final: true, messageKey: 'orderCompleted' });
    expect(view.resetsCart).toBe(true);
  });

  it('tells partial outcomes and refunds by the domain rules', () => {
    expect(
      resultView(
        after({ orderStatus: 'partiallyCommitted', messages: ['partiallyCommitted'] }),
        'payment',
        isKey,
      ),
    ).toMatchObject({ status: 'PartialSuccess', messageKey: 'partiallyCommittedMessage' });
    expect(
      resultView(after({ orderStatus: 'refunded', paymentStatus: 'CANCELLED' }), 'payment', isKey),
    ).toMatchObject({ status: 'Refunded', messageKey: 'paymentRefunded', detailKey: 'refunded' });
    expect(
      resultView(
        after({ orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'PARTIALLY_REFUNDED' }),
        'payment',
        isKey,
      ),
    ).toMatchObject({ status: 'PartiallyRefunded', messageKey: 'partiallyRefundedMessage' });
    expect(
      resultView(
        after({ orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'REFUNDED' }),
        'payment',
        isKey,
      ).status,
    ).toBe('Refunded');
  });

  it('offers another try after a declined or cancelled payment, and keeps the cart', () => {
    const declined = resultView(
      after({ orderStatus: 'failed', paymentStatus: 'DECLINED' }),
      'payment',
      isKey,
    );
    expect(declined).toMatchObject({ status: 'Failure', messageKey: 'paymentDeclined', canRetry: true });
    expect(declined.resetsCart).toBe(false);
    expect(
      resultView(after({ orderStatus: 'cancelled', paymentStatus: 'CANCELLED' }), 'payment', isKey),
    ).toMatchObject({ messageKey: 'paymentCancelled', canRetry: true });
  });

  it('says why a cash code failed, with no payment to try again', () => {
    const view = resultView(
      after({ orderStatus: 'failed', paymentStatus: null, message: 'cashCodeUsed' }),
      'cashCode',
      isKey,
    );
    expect(view).toMatchObject({
      status: 'Failure',
      titleKey: 'cashCodeNotRedeemedTitle',
      messageKey: 'cashCodeUsed',
      canRetry: false,
      resetsCart: true,
    });
    expect(
      resultView(after({ orderStatus: 'committed', paymentStatus: null }), 'cashCode', isKey),
    ).toMatchObject({ status: 'Success', messageKey: 'cashCodeRedeemed' });
  });

  it('ends a refused or unanswered call in Failure with its message', () => {
    const unknown = afterError(COMMIT_START, { code: 'UNKNOWN_ORDER', message: 'No order' }, isKey);
    expect(resultView(unknown, 'payment', isKey)).toMatchObject({
      status: 'Failure',
      messageKey: 'orderUnknown',
      resetsCart: false,
    });
    const byKey = afterError(COMMIT_START, { code: 'SOMETHING', message: 'cashCodeUnknown' }, isKey);
    expect(resultView(byKey, 'cashCode', isKey).messageKey).toBe('cashCodeUnknown');
    const transport = afterError(COMMIT_START, { code: undefined }, isKey);
    expect(resultView(transport, 'payment', isKey).messageKey).toBe('generalErrorMessage');
    expect(resultView(UNKNOWN_ORDER_STATE, 'payment', isKey).messageKey).toBe('orderUnknown');
  });

  it('names the illustration of each state as spec §9 spells it', () => {
    expect(illustrationPath('Success', true)).toBe('/illustrations/payment-success.svg');
    expect(illustrationPath('PartiallyRefunded', false)).toBe(
      '/illustrations/partially-refunded-payment.gif',
    );
  });
});
