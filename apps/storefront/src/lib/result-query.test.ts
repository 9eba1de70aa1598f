import { describe, expect, it } from 'vitest';
import { orderOfResultQuery } from './result-query';

const cartName = 'ouRqXKOG6sfPAT-8Bf88ITBH';

describe('the order a result page commits', () => {
  it('reads the order, and the token of PayPal in a frame or of a free set-up', () => {
    expect(orderOfResultQuery({ cartName, orderNumber: 'FUN-SAF9N6R6' })).toEqual({
      cartName,
      orderNumber: 'FUN-SAF9N6R6',
      paymentToken: undefined,
      paymentCancelled: false,
    });
    expect(orderOfResultQuery({ cartName, orderNumber: 'FUN-1', token: 'EC-123' })?.paymentToken).toBe(
      'EC-123',
    );
    expect(
      orderOfResultQuery({
        cartName,
        orderNumber: 'FUN-1',
        paymentToken: '7f4d8c49-2e6e-4e92-94dc-9655ea349248',
      })?.paymentToken,
    ).toBe('7f4d8c49-2e6e-4e92-94dc-9655ea349248');
  });

  it('reads that the provider sent the shopper back from its Cancel', () => {
    const back = { cartName, orderNumber: 'ALP-1', paymentId: 'cs_test_1', status: 'CANCELLED' };
    expect(orderOfResultQuery(back)?.paymentCancelled).toBe(true);
    expect(orderOfResultQuery({ ...back, status: 'CAPTURED' })?.paymentCancelled).toBe(false);
  });

  it('names no order for a malformed query, and drops a malformed token', () => {
    expect(orderOfResultQuery({ cartName: 'short', orderNumber: 'FUN-1' })).toBeUndefined();
    expect(
      orderOfResultQuery({ cartName, orderNumber: 'FUN-1', paymentToken: '<script>' })?.paymentToken,
    ).toBe(undefined);
  });
});
