import { describe, expect, it } from 'vitest';
import { cardExpiryDate, defaultTokenName, tokenStatusOf } from './payment-token';

describe('a saved card', () => {
  it('shows its expiry as two digits, a slash, then the rest', () => {
    expect(cardExpiryDate('04/28')).toBe('04/28');
    expect(cardExpiryDate('0428')).toBe('04/28');
    expect(cardExpiryDate('4/28')).toBe('04/28');
    expect(cardExpiryDate('12/2031')).toBe('12/2031');
  });

  it('shows no expiry for what is none', () => {
    for (const value of [null, undefined, '', '13/28', '00/28', 'soon', '4/2']) {
      expect(cardExpiryDate(value), String(value)).toBeUndefined();
    }
  });

  it('is named by brand and last digits until the shopper names it', () => {
    expect(defaultTokenName('creditcard', { brand: 'visa', last4: '1111' })).toBe('Visa •••• 1111');
    expect(defaultTokenName('creditcard', { brand: 'amex', last4: '0005' })).toBe(
      'American Express •••• 0005',
    );
    expect(defaultTokenName('paypal')).toBe('PayPal');
  });

  it("reads the provider's states as ours", () => {
    expect(tokenStatusOf('ACTIVE')).toBe('ACTIVE');
    expect(tokenStatusOf('CANCELLED')).toBe('CANCELED');
    expect(tokenStatusOf('DECLINED')).toBe('DECLINED');
    expect(tokenStatusOf('PENDING')).toBe('PENDING');
  });
});
