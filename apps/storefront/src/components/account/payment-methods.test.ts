import { describe, expect, it } from 'vitest';
import {
  addableMethods,
  arrivalMessage,
  failedSavePath,
  isExpired,
  methodArt,
  nameIsDefault,
  nameProblem,
  pathOnShop,
} from './payment-methods';

describe('addableMethods', () => {
  it('offers what the shop takes among the methods that can be saved, in the shop’s order', () => {
    expect(addableMethods(['paypal', 'ideal', 'creditcard', 'applepay'], {})).toEqual([
      'paypal',
      'creditcard',
    ]);
    expect(addableMethods(['ideal', 'paymentlink'], {})).toEqual([]);
  });

  it('leaves out PayPal where the provider collecting it cannot save it', () => {
    expect(addableMethods(['creditcard', 'paypal'], { creditcard: 'stripe', paypal: 'stripe' })).toEqual([
      'creditcard',
    ]);
  });
});

describe('methodArt', () => {
  it('shows the card scheme’s badge where the shop has one, else the method’s icon', () => {
    expect(methodArt({ method: 'creditcard', cardBrand: 'visa' })).toBe('/card-brands/visa.svg');
    expect(methodArt({ method: 'creditcard', cardBrand: 'amex' })).toBe('/card-brands/american-express.svg');
    expect(methodArt({ method: 'creditcard', cardBrand: 'discover' })).toBe(
      '/payment-methods/creditcard.svg',
    );
    expect(methodArt({ method: 'creditcard', cardBrand: null })).toBe('/payment-methods/creditcard.svg');
    expect(methodArt({ method: 'paypal', cardBrand: null })).toBe('/payment-methods/paypal.svg');
  });
});

describe('nameIsDefault', () => {
  const card = { method: 'creditcard' as const, cardBrand: 'mastercard', cardLast4: '4444' };
  it('knows the name a card gets until the shopper gives one', () => {
    expect(nameIsDefault({ ...card, name: 'Mastercard •••• 4444' })).toBe(true);
    expect(nameIsDefault({ ...card, name: 'Work card' })).toBe(false);
    expect(nameIsDefault({ method: 'paypal', cardBrand: null, cardLast4: null, name: 'PayPal' })).toBe(true);
  });
});

describe('isExpired', () => {
  const now = new Date(2026, 4, 15);
  it('keeps a card valid through the last day of its month', () => {
    expect(isExpired('05/26', now)).toBe(false);
    expect(isExpired('12/30', now)).toBe(false);
    expect(isExpired('04/26', now)).toBe(true);
    expect(isExpired('12/25', now)).toBe(true);
  });

  it('says nothing of what is no expiry', () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired('2026-01', now)).toBe(false);
  });
});

describe('nameProblem', () => {
  it('asks for a name of 1 to 60 characters, spaces around it not counted', () => {
    expect(nameProblem('')).toBe('paymentMethodNameRequired');
    expect(nameProblem('   ')).toBe('paymentMethodNameRequired');
    expect(nameProblem(' Work card ')).toBeUndefined();
    expect(nameProblem('x'.repeat(60))).toBeUndefined();
    expect(nameProblem('x'.repeat(61))).toBe('paymentMethodNameHint');
  });
});

describe('arrivalMessage', () => {
  it('shows the success messages a return may bring', () => {
    expect(arrivalMessage('paymentMethodAdded', undefined)).toEqual({
      kind: 'success',
      messageKey: 'paymentMethodAdded',
    });
    expect(arrivalMessage('successfulDelete', undefined)?.kind).toBe('success');
  });

  it('shows an error code as its spec §8 text, and any unknown code as the general error', () => {
    expect(arrivalMessage(undefined, 'PAYMENT_TOKEN_ALREADY_EXISTS')).toEqual({
      kind: 'error',
      messageKey: 'paymentTokenAlreadyExistsError',
    });
    expect(arrivalMessage(undefined, 'TOKEN_STATUS_CANCELED')?.messageKey).toBe('tokenStatusCanceledError');
    expect(arrivalMessage(undefined, '<script>')?.messageKey).toBe('generalErrorMessage');
  });

  it('ignores any other message, so that no text can be put on the page by a link', () => {
    expect(arrivalMessage('privacyAccountDeleted', undefined)).toBeUndefined();
    expect(arrivalMessage('Hello', undefined)).toBeUndefined();
    expect(arrivalMessage(undefined, undefined)).toBeUndefined();
  });
});

describe('failedSavePath', () => {
  it('goes back to the methods page with the code', () => {
    expect(failedSavePath('PAYMENT_TOKEN_STATUS_ERROR')).toBe(
      '/account/settings/payment-methods?error=PAYMENT_TOKEN_STATUS_ERROR',
    );
    expect(failedSavePath(undefined)).toBe('/account/settings/payment-methods?error=generalError');
  });
});

describe('pathOnShop', () => {
  const shop = 'http://funkfix.localhost:3000';

  it('follows a page of the shop the shopper is on, as a path', () => {
    expect(
      pathOnShop(
        'http://funkfix.localhost:3000/account/settings/payment-methods?message=paymentMethodAdded',
        shop,
      ),
    ).toBe('/account/settings/payment-methods?message=paymentMethodAdded');
    expect(pathOnShop('/shop/checkout/result?cartName=c&orderNumber=FUN-1', shop)).toBe(
      '/shop/checkout/result?cartName=c&orderNumber=FUN-1',
    );
  });

  it('never leaves the shop', () => {
    for (const elsewhere of [
      'https://evil.example/account',
      'http://blitzmobil.localhost:3000/account',
      'https://funkfix.localhost:3000/account',
      'http://funkfix.localhost:3001/account',
      '//evil.example/account',
      '/\\evil.example/account',
      'javascript:alert(1)',
      'http://funkfix.localhost:3000//evil.example/',
    ]) {
      expect(pathOnShop(elsewhere, shop), elsewhere).toBeUndefined();
    }
  });
});
