import type { PaymentToken } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  firstProblem,
  isSavable,
  methodsFor,
  type PaymentRules,
  payButtonKey,
  paymentChoice,
  paymentNeeds,
  paymentProblems,
  savesMethodKey,
  selectionValue,
} from './payment-choice';
import { initialPaymentForm, type PaymentFormState } from './payment-form-state';

const card: PaymentToken = {
  id: 'tok-1',
  paymentTokenId: 'psp-1',
  orderNumber: null,
  recurring: true,
  amount: null,
  currency: 'EUR',
  name: 'Visa •••• 1111',
  method: 'creditcard',
  status: 'ACTIVE',
  cardBrand: 'visa',
  cardLast4: '1111',
  cardExpiryDate: '12/29',
  inUse: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const guest: PaymentRules = {
  setup: 'none',
  offerAccount: true,
  signedIn: false,
  savedMethods: [],
  savableMethods: ['creditcard', 'paypal'],
  billingAddress: undefined,
};
const signedIn: PaymentRules = { ...guest, offerAccount: false, signedIn: true, savedMethods: [card] };

const form = (changes: Partial<PaymentFormState> = {}): PaymentFormState => ({
  ...initialPaymentForm({ email: undefined, phoneNumber: undefined, country: 'DE' }),
  ...changes,
});
const filledIn = form({
  email: ' kim@example.com ',
  payment: { kind: 'new', method: 'creditcard' },
  consent: true,
});

describe('the radio button of a choice', () => {
  it('names a saved method by its token with the prefix the page has always used, a method by its name', () => {
    expect(selectionValue({ kind: 'saved', tokenId: 'tok-1' })).toBe('saved:tok-1');
    expect(selectionValue({ kind: 'new', method: 'paypal' })).toBe('paypal');
  });
});

describe('the methods offered', () => {
  const methods = ['creditcard', 'paypal', 'ideal', 'paymentlink'];

  it('are all the shop’s for an ordinary cart, only those that can be saved for a paid set-up', () => {
    expect(methodsFor(methods, 'none', guest.savableMethods)).toEqual(methods);
    expect(methodsFor(methods, 'paid', guest.savableMethods)).toEqual(['creditcard', 'paypal']);
  });

  it('are only the card for a paid set-up where the tenant’s provider cannot save PayPal', () => {
    expect(methodsFor(methods, 'paid', ['creditcard'])).toEqual(['creditcard']);
  });

  it('are none of the shop’s where nothing is paid now (only saved methods, or none at all)', () => {
    expect(methodsFor(methods, 'free', guest.savableMethods)).toEqual([]);
    expect(methodsFor(methods, 'light', guest.savableMethods)).toEqual([]);
  });
});

describe('what the form asks for', () => {
  it('needs an e-mail unless the PINs go by SMS without an account', () => {
    expect(paymentNeeds(form(), guest).emailRequired).toBe(true);
    expect(paymentNeeds(form({ voucherChannel: 'sms' }), guest).emailRequired).toBe(false);
    expect(paymentNeeds(form({ voucherChannel: 'sms', createAccount: true }), guest).emailRequired).toBe(
      true,
    );
  });

  it('makes a guest open an account for a set-up, and offers saving a method only with an account', () => {
    expect(paymentNeeds(form(), { ...guest, setup: 'paid' })).toMatchObject({
      accountRequired: true,
      opensAccount: true,
      canSave: true,
    });
    expect(paymentNeeds(form(), guest)).toMatchObject({ accountRequired: false, canSave: false });
    expect(paymentNeeds(form(), signedIn).canSave).toBe(true);
  });
});

describe('the problems of the form', () => {
  it('name each missing part: e-mail, method and the consent', () => {
    expect(paymentProblems(form(), guest, undefined)).toEqual({
      fields: {
        email: 'emailInvalid',
        method: 'paymentMethodRequired',
        consent: 'withdrawalConsentRequired',
      },
      address: {},
    });
  });

  it('find nothing in a form filled in', () => {
    expect(paymentProblems(filledIn, guest, undefined)).toEqual({ fields: {}, address: {} });
  });

  it('check an e-mail given even where none is needed', () => {
    const bySms = form({ ...filledIn, voucherChannel: 'sms' });
    expect(paymentProblems({ ...bySms, email: '' }, guest, undefined).fields).toEqual({});
    expect(paymentProblems({ ...bySms, email: 'kim@' }, guest, undefined).fields).toEqual({
      email: 'emailInvalid',
    });
  });

  it('ask for the bank of online banking, the PINs’ number and the new account’s password', () => {
    const ideal = form({ ...filledIn, payment: { kind: 'new', method: 'ideal' }, createAccount: true });
    expect(paymentProblems(ideal, guest, 'invalidPhoneNumber').fields).toEqual({
      voucherPhone: 'invalidPhoneNumber',
      password: 'passwordTooShort',
      bank: 'bankRequired',
    });
  });

  it('need no method for a light top-up', () => {
    const light = { ...signedIn, setup: 'light' as const };
    expect(paymentProblems(form({ ...filledIn, payment: undefined }), light, undefined)).toEqual({
      fields: {},
      address: {},
    });
  });

  it('ask for the whole address in the app flow', () => {
    const rules = {
      ...guest,
      billingAddress: {
        countries: [{ code: 'DE', name: 'Deutschland' }],
        country: { code: 'DE', name: 'Deutschland' },
        houseNumberOptional: false,
      },
    };
    expect(Object.keys(paymentProblems(filledIn, rules, undefined).address)).toEqual([
      'firstname',
      'lastname',
      'zip',
      'city',
      'street',
      'houseNumber',
    ]);
  });
});

describe('where the focus goes', () => {
  it('is the first field with a problem, in the order of the form', () => {
    expect(firstProblem({ fields: { consent: 'x', email: 'x' }, address: { zip: 'x' } })).toBe('email');
    expect(firstProblem({ fields: { consent: 'x', voucherPhone: 'x' }, address: {} })).toBe('voucherPhone');
    expect(firstProblem({ fields: { consent: 'x', password: 'x' }, address: { city: 'x' } })).toBe('city');
    expect(firstProblem({ fields: { consent: 'x', bank: 'x', method: 'x' }, address: {} })).toBe('method');
  });

  it('is nowhere when the form may be sent', () => {
    expect(firstProblem({ fields: {}, address: {} })).toBeUndefined();
  });
});

describe('what the shopper pays with', () => {
  it('charges a saved method at once, without saving it again', () => {
    const choice = paymentChoice(
      form({ ...filledIn, payment: { kind: 'saved', tokenId: 'tok-1' }, savePayment: true }),
      signedIn,
      undefined,
    );
    expect(choice).toEqual({
      email: 'kim@example.com',
      paymentMethod: 'creditcard',
      savePayment: false,
      paymentTokenId: 'tok-1',
    });
  });

  it('saves a new card only where the shopper asks and has an account to keep it in', () => {
    const asked = form({ ...filledIn, savePayment: true });
    expect(paymentChoice(asked, signedIn, undefined)?.savePayment).toBe(true);
    expect(paymentChoice(asked, guest, undefined)?.savePayment).toBe(false);
    expect(paymentChoice(filledIn, signedIn, undefined)?.savePayment).toBe(false);
  });

  it('neither offers nor saves PayPal where the tenant’s provider cannot save it', () => {
    const payPal = form({ ...filledIn, payment: { kind: 'new', method: 'paypal' }, savePayment: true });
    const cardOnly = { ...signedIn, savableMethods: ['creditcard'] };
    expect(isSavable('paypal', signedIn.savableMethods)).toBe(true);
    expect(isSavable('paypal', cardOnly.savableMethods)).toBe(false);
    expect(paymentChoice(payPal, signedIn, undefined)?.savePayment).toBe(true);
    expect(paymentChoice(payPal, cardOnly, undefined)?.savePayment).toBe(false);
  });

  it('always saves the method of a paid set-up, which charges it later', () => {
    const choice = paymentChoice(filledIn, { ...guest, setup: 'paid' }, undefined);
    expect(choice).toMatchObject({ paymentMethod: 'creditcard', savePayment: true, accountPassword: '' });
  });

  it('sends the bank of online banking and the currency of crypto', () => {
    const ideal = form({ ...filledIn, payment: { kind: 'new', method: 'ideal' }, bank: 'INGBNL2A' });
    expect(paymentChoice(ideal, guest, undefined)?.additionalData).toEqual({
      ideal: { issuerId: 'INGBNL2A' },
    });
    const crypto = form({ ...filledIn, payment: { kind: 'new', method: 'crypto' }, crypto: 'ETH' });
    expect(paymentChoice(crypto, guest, undefined)?.additionalData).toEqual({
      triplea: { cryptoCurrency: 'ETH' },
    });
  });

  it('pays nothing for a light top-up, and sends the PINs where the shopper wants them', () => {
    const sms = { channel: 'sms' as const, phoneNumber: '+4917012345678' };
    expect(paymentChoice(form({ email: 'kim@example.com' }), { ...guest, setup: 'light' }, sms)).toEqual({
      email: 'kim@example.com',
      paymentMethod: 'none',
      savePayment: false,
      freeSetup: true,
      accountPassword: '',
      voucherDelivery: sms,
    });
  });

  it('is nothing while no method is chosen', () => {
    expect(paymentChoice(form(), guest, undefined)).toBeUndefined();
  });
});

describe('the words of the form', () => {
  it('name on the pay button what pressing it does', () => {
    expect(payButtonKey('none', { kind: 'new', method: 'creditcard' })).toBe('orderWithObligationToPay');
    expect(payButtonKey('none', { kind: 'new', method: 'paymentlink' })).toBe('createPaymentLink');
    expect(payButtonKey('free', { kind: 'saved', tokenId: 'tok-1' })).toBe('setUpWithObligationToPay');
    expect(payButtonKey('light', undefined)).toBe('autoTopupLightSetUp');
  });

  it('say that a paid set-up keeps the card, or the method', () => {
    expect(savesMethodKey('AUTOMATIC', 'creditcard')).toBe('autoTopupSavesCard');
    expect(savesMethodKey('AUTOMATIC', 'paypal')).toBe('autoTopupSavesMethod');
    expect(savesMethodKey('SMS', 'creditcard')).toBe('smsTopupSavesCard');
    expect(savesMethodKey('SMS', 'paypal')).toBe('smsTopupSavesMethod');
  });
});
