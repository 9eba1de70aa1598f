import { describe, expect, it } from 'vitest';
import {
  applyPaymentEvent,
  COMMIT_POLL_INTERVAL_MS,
  type CommitResponse,
  canPaymentReach,
  decidingAttempt,
  duplicateAttempts,
  FAILED_LIKE_ORDER_STATUSES,
  type FreeSetupKind,
  freeSetupKind,
  isAlreadyApplied,
  isFinalPaymentState,
  isMoneyTaken,
  isPaymentRequired,
  isPaymentUndecided,
  isRetryablePaymentState,
  MAX_COMMIT_RETRIES,
  mixesCashCodes,
  ORDER_STATUS_OF_PAYMENT,
  ORDER_STATUSES,
  type OrderPayer,
  orderPayer,
  PAYMENT_EVENTS,
  PAYMENT_STATES,
  PAYMENT_TRANSITIONS,
  type PaymentEvent,
  type PaymentItem,
  type PaymentState,
  type PaymentUiState,
  paymentMethodOffered,
  paymentUiStatus,
  refundableAmount,
} from './payment';

/** Every allowed transition, written out by hand so that the table itself is pinned. */
const EXPECTED_TRANSITIONS: readonly [PaymentState, PaymentEvent, PaymentState][] = [
  ['INITIATED', 'REDIRECTED', 'PENDING'],
  ['INITIATED', 'AUTHORIZE', 'AUTHORIZED'],
  ['INITIATED', 'CAPTURE', 'CAPTURED'],
  ['INITIATED', 'DECLINE', 'DECLINED'],
  ['INITIATED', 'CANCEL', 'CANCELLED'],
  ['INITIATED', 'EXPIRE', 'EXPIRED'],
  ['INITIATED', 'FAIL', 'FAILED'],
  ['PENDING', 'AUTHORIZE', 'AUTHORIZED'],
  ['PENDING', 'CAPTURE', 'CAPTURED'],
  ['PENDING', 'DECLINE', 'DECLINED'],
  ['PENDING', 'CANCEL', 'CANCELLED'],
  ['PENDING', 'EXPIRE', 'EXPIRED'],
  ['PENDING', 'FAIL', 'FAILED'],
  ['AUTHORIZED', 'CAPTURE', 'CAPTURED'],
  ['AUTHORIZED', 'CANCEL', 'CANCELLED'],
  ['AUTHORIZED', 'EXPIRE', 'EXPIRED'],
  ['CAPTURED', 'REFUND_PARTIAL', 'PARTIALLY_REFUNDED'],
  ['CAPTURED', 'REFUND_FULL', 'REFUNDED'],
  ['PARTIALLY_REFUNDED', 'REFUND_PARTIAL', 'PARTIALLY_REFUNDED'],
  ['PARTIALLY_REFUNDED', 'REFUND_FULL', 'REFUNDED'],
];

const expectedTarget = (state: PaymentState, event: PaymentEvent): PaymentState | undefined =>
  EXPECTED_TRANSITIONS.find(([from, on]) => from === state && on === event)?.[2];

const ALL_PAIRS: [PaymentState, PaymentEvent][] = PAYMENT_STATES.flatMap((state) =>
  PAYMENT_EVENTS.map((event): [PaymentState, PaymentEvent] => [state, event]),
);

describe('payment transition table (design §3)', () => {
  it('covers every state and lists the events of the domain', () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATES].sort());
    expect(PAYMENT_STATES).toHaveLength(10);
    expect(PAYMENT_EVENTS).toHaveLength(9);
    for (const state of PAYMENT_STATES) {
      for (const event of Object.keys(PAYMENT_TRANSITIONS[state])) {
        expect(PAYMENT_EVENTS).toContain(event);
      }
    }
  });

  it('holds exactly the expected transitions', () => {
    const inTable = PAYMENT_STATES.flatMap((state) =>
      Object.entries(PAYMENT_TRANSITIONS[state]).map(([event, to]) => [state, event, to]),
    );
    expect(inTable).toHaveLength(EXPECTED_TRANSITIONS.length);
    expect(inTable).toEqual(expect.arrayContaining(EXPECTED_TRANSITIONS.map((t) => [...t])));
  });

  it.each(ALL_PAIRS)('applyPaymentEvent(%s, %s) follows the table', (state, event) => {
    const target = PAYMENT_TRANSITIONS[state][event];
    expect(target).toBe(expectedTarget(state, event));
    expect(applyPaymentEvent(state, event)).toEqual(
      target === undefined
        ? { ok: false, reason: 'NOT_ALLOWED', from: state, event }
        : { ok: true, state: target },
    );
  });

  it.each<PaymentState>(['DECLINED', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'])(
    '%s accepts no event',
    (state) => {
      for (const event of PAYMENT_EVENTS) expect(applyPaymentEvent(state, event).ok).toBe(false);
    },
  );

  it('runs a whole payment: redirect, authorize, capture, two partial refunds, full refund', () => {
    const events: PaymentEvent[] = ['REDIRECTED', 'AUTHORIZE', 'CAPTURE', 'REFUND_PARTIAL', 'REFUND_PARTIAL'];
    let state: PaymentState = 'INITIATED';
    for (const event of [...events, 'REFUND_FULL' as const]) {
      const result = applyPaymentEvent(state, event);
      if (!result.ok) throw new Error(`refused ${event} in ${state}`);
      state = result.state;
    }
    expect(state).toBe('REFUNDED');
  });
});

describe('isFinalPaymentState', () => {
  it.each<[PaymentState, boolean]>([
    ['INITIATED', false],
    ['PENDING', false],
    ['AUTHORIZED', false],
    ['CAPTURED', true],
    ['DECLINED', true],
    ['CANCELLED', true],
    ['EXPIRED', true],
    ['FAILED', true],
    ['REFUNDED', true],
    ['PARTIALLY_REFUNDED', true],
  ])('%s → %s', (state, final) => {
    expect(isFinalPaymentState(state)).toBe(final);
  });

  it('final states accept refunds at most', () => {
    for (const state of PAYMENT_STATES.filter(isFinalPaymentState)) {
      for (const event of Object.keys(PAYMENT_TRANSITIONS[state])) {
        expect(['REFUND_PARTIAL', 'REFUND_FULL']).toContain(event);
      }
    }
  });
});

describe('isAlreadyApplied (a repeated event is harmless)', () => {
  const DUPLICATES: readonly [PaymentState, PaymentEvent][] = [
    ['PENDING', 'REDIRECTED'],
    ['AUTHORIZED', 'AUTHORIZE'],
    ['CAPTURED', 'CAPTURE'],
    ['DECLINED', 'DECLINE'],
    ['CANCELLED', 'CANCEL'],
    ['EXPIRED', 'EXPIRE'],
    ['FAILED', 'FAIL'],
    ['REFUNDED', 'REFUND_FULL'],
  ];

  it.each(ALL_PAIRS)('(%s, %s)', (state, event) => {
    const duplicate = DUPLICATES.some(([s, e]) => s === state && e === event);
    expect(isAlreadyApplied(state, event)).toBe(duplicate);
  });

  it('a duplicate is always an event the table refuses', () => {
    for (const [state, event] of DUPLICATES) expect(applyPaymentEvent(state, event).ok).toBe(false);
  });

  it('a further partial refund is not a duplicate', () => {
    expect(isAlreadyApplied('PARTIALLY_REFUNDED', 'REFUND_PARTIAL')).toBe(false);
    expect(applyPaymentEvent('PARTIALLY_REFUNDED', 'REFUND_PARTIAL')).toEqual({
      ok: true,
      state: 'PARTIALLY_REFUNDED',
    });
  });
});

describe('order statuses (spec §4)', () => {
  it('lists the statuses as written', () => {
    expect(ORDER_STATUSES).toEqual([
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
    ]);
    expect(FAILED_LIKE_ORDER_STATUSES).toEqual([
      'cancelled',
      'aborted',
      'productProcessError',
      'abortedButResponseReceived',
      'failed',
    ]);
  });

  it('has the spec §9 polling constants', () => {
    expect(COMMIT_POLL_INTERVAL_MS).toBe(2000);
    expect(MAX_COMMIT_RETRIES).toBe(10);
  });
});

describe('paymentUiStatus (spec §4 commit flow steps 3–7)', () => {
  const success = (retries = 0): PaymentUiState => ({ status: 'Success', retries });

  it.each<[string, CommitResponse, number, PaymentUiState]>([
    // Step 3: pending, counted up to the timeout.
    ['pending, first poll', { orderStatus: 'paymentPending' }, 0, { status: 'Pending', retries: 1 }],
    ['pending, retries 8 → 9', { orderStatus: 'paymentPending' }, 8, { status: 'Pending', retries: 9 }],
    [
      'pending, retries 9 → 10 times out',
      { orderStatus: 'paymentPending' },
      9,
      { status: 'Failure', retries: 10, messageKey: 'paymentOperationTimedOut' },
    ],
    [
      'pending with ignoreRetry false still counts',
      { orderStatus: 'paymentPending', ignoreRetry: false },
      3,
      { status: 'Pending', retries: 4 },
    ],
    [
      'pending wins over partiallyCommitted messages',
      { orderStatus: 'paymentPending', messages: 'partiallyCommitted' },
      0,
      { status: 'Pending', retries: 1 },
    ],
    [
      'pending with ignoreRetry is otherwise → Success',
      { orderStatus: 'paymentPending', ignoreRetry: true },
      4,
      success(4),
    ],
    // Step 4: partially committed.
    [
      'messages partiallyCommitted',
      { orderStatus: 'committed', messages: 'partiallyCommitted' },
      2,
      { status: 'PartialSuccess', retries: 2, messageKey: 'partiallyCommittedMessage' },
    ],
    [
      'messages list including partiallyCommitted',
      { orderStatus: 'paid', messages: ['other', 'partiallyCommitted'] },
      0,
      { status: 'PartialSuccess', retries: 0, messageKey: 'partiallyCommittedMessage' },
    ],
    [
      'partiallyCommitted wins over failed',
      { orderStatus: 'failed', messages: ['partiallyCommitted'] },
      0,
      { status: 'PartialSuccess', retries: 0, messageKey: 'partiallyCommittedMessage' },
    ],
    ['other messages are ignored', { orderStatus: 'committed', messages: ['somethingElse'] }, 0, success()],
    [
      'a different message string is ignored',
      { orderStatus: 'committed', messages: 'partially' },
      0,
      success(),
    ],
    // Step 5: failure.
    ['productProcessError', { orderStatus: 'productProcessError' }, 1, { status: 'Failure', retries: 1 }],
    ['failed', { orderStatus: 'failed' }, 0, { status: 'Failure', retries: 0 }],
    [
      'failed wins over a refunded payment',
      { orderStatus: 'failed', paymentStatus: 'REFUNDED' },
      0,
      { status: 'Failure', retries: 0 },
    ],
    // Step 6: refunds, with display recognition.
    [
      'partiallyRefunded',
      { orderStatus: 'partiallyRefunded' },
      0,
      { status: 'PartiallyRefunded', retries: 0, messageKey: 'partiallyRefundedMessage' },
    ],
    [
      'already committed, payment partially refunded',
      { orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'PARTIALLY_REFUNDED' },
      0,
      { status: 'PartiallyRefunded', retries: 0, messageKey: 'partiallyRefundedMessage' },
    ],
    ['refunded', { orderStatus: 'refunded' }, 0, { status: 'Refunded', retries: 0, messageKey: 'refunded' }],
    [
      'already committed, payment refunded',
      { orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'REFUNDED' },
      0,
      { status: 'Refunded', retries: 0, messageKey: 'refunded' },
    ],
    [
      'a refunded payment status alone is not a refund',
      { orderStatus: 'committed', paymentStatus: 'REFUNDED' },
      0,
      success(),
    ],
    // Step 7: otherwise success.
    [
      'already committed, payment captured',
      { orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'CAPTURED' },
      0,
      success(),
    ],
    ['already committed without payment status', { orderStatus: 'ORDER_ALREADY_COMMITTED' }, 0, success()],
    ['committed', { orderStatus: 'committed' }, 0, success()],
    ['paid', { orderStatus: 'paid' }, 0, success()],
    ['productProcessDone', { orderStatus: 'productProcessDone' }, 0, success()],
    ['partiallyCommitted status without the message', { orderStatus: 'partiallyCommitted' }, 0, success()],
    ['cancelled is failed-like', { orderStatus: 'cancelled' }, 0, { status: 'Failure', retries: 0 }],
    ['aborted is failed-like', { orderStatus: 'aborted' }, 0, { status: 'Failure', retries: 0 }],
    [
      'abortedButResponseReceived is failed-like',
      { orderStatus: 'abortedButResponseReceived' },
      0,
      { status: 'Failure', retries: 0 },
    ],
    ['an unknown status', { orderStatus: 'somethingNew' }, 5, success(5)],
  ])('%s', (_name, response, retries, expected) => {
    expect(paymentUiStatus(response, retries)).toEqual(expected);
  });

  it('polling a pending commit times out on the tenth pending answer', () => {
    let state: PaymentUiState = { status: 'Pending', retries: 0 };
    let answers = 0;
    while (state.status === 'Pending') {
      state = paymentUiStatus({ orderStatus: 'paymentPending' }, state.retries);
      answers += 1;
    }
    expect(answers).toBe(MAX_COMMIT_RETRIES);
    expect(state).toEqual({ status: 'Failure', retries: 10, messageKey: 'paymentOperationTimedOut' });
  });
});

describe('what pays an order (decision 0017)', () => {
  const items = (...kinds: PaymentItem['kind'][]): PaymentItem[] => kinds.map((kind) => ({ kind }));

  it.each<[string, PaymentItem[], number, OrderPayer, FreeSetupKind | undefined]>([
    ['once-off', items('ONCE_OFF'), 1500, 'PROVIDER', undefined],
    ['voucher', items('VOUCHER'), 2000, 'PROVIDER', undefined],
    ['SMS with a price', items('SMS'), 1500, 'PROVIDER', undefined],
    ['automatic with a price', items('AUTOMATIC'), 1000, 'PROVIDER', undefined],
    ['SMS and once-off with a price', items('SMS', 'ONCE_OFF'), 500, 'PROVIDER', undefined],
    ['SMS and automatic with a price', items('SMS', 'AUTOMATIC'), 500, 'PROVIDER', undefined],
    ['voucher with a cash code', items('VOUCHER', 'CASH_CODE'), 2000, 'PROVIDER', undefined],
    ['cash codes', items('CASH_CODE', 'CASH_CODE'), 3000, 'CASH_CODES', undefined],
    ['automatic, free', items('AUTOMATIC'), 0, 'NONE', 'FREE_AUTOMATIC_SETUP'],
    ['SMS, free', items('SMS'), 0, 'NONE', 'FREE_SMS_SETUP'],
    ['SMS and automatic, free', items('SMS', 'AUTOMATIC'), 0, 'NONE', 'FREE_AUTOMATIC_SETUP'],
    ['once-off discounted to 0 by the tenant', items('ONCE_OFF'), 0, 'NONE', undefined],
    ['empty cart', [], 0, 'NONE', undefined],
  ])('%s', (_name, cart, total, payer, free) => {
    expect(orderPayer(cart, total)).toBe(payer);
    expect(isPaymentRequired(cart, total)).toBe(payer === 'PROVIDER');
    expect(freeSetupKind(cart, total)).toBe(free);
  });

  it('requires a payment for every cart above 0 that is not all cash codes, whatever its items', () => {
    const kinds: PaymentItem['kind'][] = ['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER'];
    for (const first of kinds) {
      for (const second of kinds) {
        const cart = items(first, second);
        const allCashCodes = first === 'CASH_CODE' && second === 'CASH_CODE';
        expect(isPaymentRequired(cart, 1)).toBe(!allCashCodes);
        expect(isPaymentRequired(cart, 0)).toBe(false);
      }
    }
  });

  it('keeps a cash code in a cart of its own', () => {
    expect(mixesCashCodes(items('CASH_CODE', 'CASH_CODE'))).toBe(false);
    expect(mixesCashCodes(items('ONCE_OFF', 'VOUCHER'))).toBe(false);
    expect(mixesCashCodes(items('CASH_CODE', 'VOUCHER'))).toBe(true);
    expect(mixesCashCodes(items('ONCE_OFF', 'CASH_CODE'))).toBe(true);
  });
});

describe('paymentMethodOffered', () => {
  const tenant = ['creditcard', 'paypal', 'ideal'];

  it.each<[string, readonly string[], boolean]>([
    ['paypal', tenant, true],
    ['ideal', tenant, true],
    ['applepay', tenant, false],
    ['PayPal', tenant, false],
    ['paypal', [], false],
  ])('%s', (method, methods, offered) => {
    expect(paymentMethodOffered(method, methods)).toBe(offered);
  });
});

describe('the order status that follows a payment', () => {
  it('is defined for every payment state and is one of the spec §4 statuses', () => {
    for (const state of PAYMENT_STATES) {
      expect(ORDER_STATUSES).toContain(ORDER_STATUS_OF_PAYMENT[state]);
    }
    expect(ORDER_STATUS_OF_PAYMENT.CAPTURED).toBe('paid');
    expect(ORDER_STATUS_OF_PAYMENT.PENDING).toBe('paymentPending');
    expect(ORDER_STATUS_OF_PAYMENT.DECLINED).toBe('failed');
  });

  it('lets a new attempt follow only a payment that ended without money, and knows when money was taken', () => {
    const retryable = PAYMENT_STATES.filter(isRetryablePaymentState);
    expect(retryable).toEqual(['DECLINED', 'CANCELLED', 'EXPIRED', 'FAILED']);
    const taken = PAYMENT_STATES.filter(isMoneyTaken);
    expect(taken).toEqual(['AUTHORIZED', 'CAPTURED', 'REFUNDED', 'PARTIALLY_REFUNDED']);
    expect(retryable.some(isMoneyTaken)).toBe(false);
  });
});

describe('the attempt that decides an order’s payment', () => {
  const attempt = (n: number, state: PaymentState) => ({ attempt: n, state });

  it('is the first attempt whose money was captured, else the first holding an authorization, else the latest', () => {
    expect(decidingAttempt([attempt(1, 'AUTHORIZED'), attempt(2, 'CAPTURED')])).toEqual(
      attempt(2, 'CAPTURED'),
    );
    expect(decidingAttempt([attempt(1, 'AUTHORIZED'), attempt(2, 'AUTHORIZED')])).toEqual(
      attempt(1, 'AUTHORIZED'),
    );
    expect(decidingAttempt([])).toBeUndefined();
    expect(decidingAttempt([attempt(1, 'DECLINED'), attempt(2, 'PENDING')])).toEqual(attempt(2, 'PENDING'));
    expect(decidingAttempt([attempt(2, 'CAPTURED'), attempt(1, 'DECLINED')])).toEqual(attempt(2, 'CAPTURED'));
    expect(decidingAttempt([attempt(1, 'CAPTURED'), attempt(2, 'CAPTURED')])).toEqual(attempt(1, 'CAPTURED'));
    expect(decidingAttempt([attempt(1, 'REFUNDED'), attempt(2, 'PENDING')])).toEqual(attempt(1, 'REFUNDED'));
  });

  it('names every other attempt holding money as a duplicate, and nothing else', () => {
    const attempts = [
      attempt(1, 'CAPTURED'),
      attempt(2, 'CAPTURED'),
      attempt(3, 'AUTHORIZED'),
      attempt(4, 'DECLINED'),
      attempt(5, 'REFUNDED'),
    ];
    expect(duplicateAttempts(attempts)).toEqual([attempt(2, 'CAPTURED'), attempt(3, 'AUTHORIZED')]);
    expect(duplicateAttempts([attempt(1, 'AUTHORIZED'), attempt(2, 'CAPTURED')])).toEqual([
      attempt(1, 'AUTHORIZED'),
    ]);
    expect(duplicateAttempts([attempt(1, 'DECLINED'), attempt(2, 'CAPTURED')])).toEqual([]);
    const settled = attempt(2, 'CAPTURED');
    expect(duplicateAttempts([attempt(1, 'CAPTURED'), settled], settled)).toEqual([attempt(1, 'CAPTURED')]);
  });
});

describe('canPaymentReach', () => {
  it('follows the table over steps a lost webhook skipped', () => {
    expect(canPaymentReach('INITIATED', 'CAPTURED')).toBe(true);
    expect(canPaymentReach('PENDING', 'REFUNDED')).toBe(true);
    expect(canPaymentReach('AUTHORIZED', 'PARTIALLY_REFUNDED')).toBe(true);
    expect(canPaymentReach('PARTIALLY_REFUNDED', 'PARTIALLY_REFUNDED')).toBe(true);
  });

  it('never goes back, nor out of a payment that ended without money', () => {
    expect(canPaymentReach('CAPTURED', 'AUTHORIZED')).toBe(false);
    expect(canPaymentReach('AUTHORIZED', 'PENDING')).toBe(false);
    expect(canPaymentReach('REFUNDED', 'CAPTURED')).toBe(false);
    for (const state of PAYMENT_STATES.filter(isRetryablePaymentState)) {
      for (const to of PAYMENT_STATES) expect(canPaymentReach(state, to)).toBe(false);
    }
  });

  it('agrees with a single step of the table wherever the table has one', () => {
    for (const state of PAYMENT_STATES) {
      for (const to of Object.values(PAYMENT_TRANSITIONS[state])) {
        expect(canPaymentReach(state, to)).toBe(true);
      }
    }
  });
});

describe('isPaymentUndecided', () => {
  it('holds while the shopper is still paying and no money is held', () => {
    expect(PAYMENT_STATES.filter(isPaymentUndecided)).toEqual(['INITIATED', 'PENDING']);
    for (const state of PAYMENT_STATES.filter(isPaymentUndecided)) expect(isMoneyTaken(state)).toBe(false);
  });
});

describe('what can still be refunded of a payment', () => {
  const captured = { state: 'CAPTURED' as const, amount: 2000, capturedAmount: null, refundedAmount: 0 };
  it('is what was captured less what went back', () => {
    expect(refundableAmount(captured)).toBe(2000);
    expect(refundableAmount({ ...captured, capturedAmount: 1500 })).toBe(1500);
    expect(refundableAmount({ ...captured, state: 'PARTIALLY_REFUNDED', refundedAmount: 500 })).toBe(1500);
    expect(
      refundableAmount({
        ...captured,
        state: 'PARTIALLY_REFUNDED',
        capturedAmount: 1500,
        refundedAmount: 500,
      }),
    ).toBe(1000);
  });
  it('is nothing before capture, after a void or once all went back', () => {
    for (const state of [
      'INITIATED',
      'PENDING',
      'AUTHORIZED',
      'CANCELLED',
      'DECLINED',
      'REFUNDED',
    ] as const) {
      expect(refundableAmount({ ...captured, state }), state).toBe(0);
    }
    expect(refundableAmount({ ...captured, refundedAmount: 2500 })).toBe(0);
  });
});
