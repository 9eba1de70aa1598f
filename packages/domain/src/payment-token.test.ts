import { describe, expect, it } from 'vitest';
import { cardExpiryDate, defaultTokenName, isSameSavedMethod, tokenStatusOf } from './payment-token';

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

describe('isSameSavedMethod', () => {
  const card = {
    method: 'creditcard',
    cardBrand: 'visa',
    cardLast4: '1111',
    cardExpiry: '12/30',
    payerEmail: null,
  };
  const paypal = {
    method: 'paypal',
    cardBrand: null,
    cardLast4: null,
    cardExpiry: null,
    payerEmail: 'Ann@Example.org',
  };

  it('knows a card by brand, last four digits and expiry', () => {
    expect(isSameSavedMethod(card, { ...card })).toBe(true);
    expect(isSameSavedMethod(card, { ...card, cardExpiry: '12/31' })).toBe(false);
    expect(isSameSavedMethod(card, { ...card, cardLast4: '4444' })).toBe(false);
  });

  it('knows a PayPal account by its e-mail in any case, and nothing it was not told', () => {
    expect(isSameSavedMethod(paypal, { ...paypal, payerEmail: 'ann@example.org' })).toBe(true);
    expect(isSameSavedMethod(paypal, { ...paypal, payerEmail: 'bob@example.org' })).toBe(false);
    expect(isSameSavedMethod({ ...paypal, payerEmail: null }, { ...paypal, payerEmail: null })).toBe(false);
    expect(isSameSavedMethod(paypal, { ...card, payerEmail: 'ann@example.org' })).toBe(false);
  });
});
