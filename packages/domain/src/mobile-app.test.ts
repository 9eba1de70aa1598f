import { describe, expect, it } from 'vitest';
import { appDeepLink, appOutcome, isAllowedAppReturnUrl, outgoingMsisdn } from './mobile-app';

describe('appOutcome (decision 0050)', () => {
  it.each([
    [{ status: 'Success' as const }, 'success'],
    [{ status: 'Pending' as const }, 'pending'],
    [{ status: 'Failure' as const, messageKey: 'paymentOperationTimedOut' }, 'pending'],
    [{ status: 'Failure' as const }, 'failure'],
    [{ status: 'Failure' as const, messageKey: 'startPaymentErrorMessage' }, 'failure'],
    [{ status: 'Refunded' as const }, 'refunded'],
    [{ status: 'PartialSuccess' as const }, 'partial'],
    [{ status: 'PartiallyRefunded' as const }, 'partial'],
  ])('tells the app %o as %s', (result, outcome) => {
    expect(appOutcome(result)).toBe(outcome);
  });
});

describe('appDeepLink', () => {
  it('adds the order number and outcome to a custom-scheme link', () => {
    expect(appDeepLink('callhome://shop/result', { orderNumber: 'CH-1234', outcome: 'success' })).toBe(
      'callhome://shop/result?orderNumber=CH-1234&outcome=success',
    );
  });

  it('keeps a query the return address has and adds the number', () => {
    expect(
      appDeepLink('http://localhost:4100/app-simulator/return?app=1', {
        orderNumber: 'CH-1',
        outcome: 'failure',
        msisdn: '447700900123',
      }),
    ).toBe(
      'http://localhost:4100/app-simulator/return?app=1&orderNumber=CH-1&outcome=failure&msisdn=447700900123',
    );
  });
});

describe('isAllowedAppReturnUrl', () => {
  const allowed = ['callhome://shop/result', 'http://localhost:4100/app-simulator/return'];

  it('takes the allowed addresses with or without a query', () => {
    expect(isAllowedAppReturnUrl('callhome://shop/result', allowed)).toBe(true);
    expect(isAllowedAppReturnUrl('http://localhost:4100/app-simulator/return?x=1', allowed)).toBe(true);
  });

  it('refuses any other address, also one that merely starts like an allowed one', () => {
    expect(isAllowedAppReturnUrl('https://evil.example/return', allowed)).toBe(false);
    expect(isAllowedAppReturnUrl('callhome://shop/result/../steal', allowed)).toBe(false);
    expect(isAllowedAppReturnUrl('http://localhost:4100/app-simulator/returned', allowed)).toBe(false);
    expect(isAllowedAppReturnUrl('', allowed)).toBe(false);
  });
});

describe('outgoingMsisdn (spec §5)', () => {
  it('strips the + only for a tenant that asks for it', () => {
    expect(outgoingMsisdn('+447700900123', true)).toBe('447700900123');
    expect(outgoingMsisdn('+447700900123', false)).toBe('+447700900123');
  });
});
