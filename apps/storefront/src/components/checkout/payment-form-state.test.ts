import { describe, expect, it } from 'vitest';
import {
  initialPaymentForm,
  type PaymentFormAction,
  type PaymentFormState,
  paymentFormReducer,
} from './payment-form-state';

const start = initialPaymentForm({ email: undefined, phoneNumber: undefined, country: 'DE' });
const after = (...actions: PaymentFormAction[]): PaymentFormState =>
  actions.reduce(paymentFormReducer, start);
const checked = (fields: PaymentFormState['errors']): PaymentFormAction => ({
  type: 'checked',
  problems: { fields, address: {} },
});

describe('the payment form at first', () => {
  it('has the account’s e-mail and number, nothing chosen and nothing agreed to', () => {
    const form = initialPaymentForm({
      email: 'kim@example.com',
      phoneNumber: '+4917012345678',
      country: 'AT',
    });
    expect(form).toMatchObject({
      email: 'kim@example.com',
      voucherPhone: '+4917012345678',
      payment: undefined,
      consent: false,
      createAccount: false,
      savePayment: false,
      voucherChannel: 'email',
      crypto: 'BTC',
      errors: {},
    });
    expect(form.address.countryCode).toBe('AT');
  });

  it('is empty for a guest', () => {
    expect(start.email).toBe('');
    expect(start.voucherPhone).toBe('');
  });
});

describe('choosing how to pay', () => {
  it('keeps a saved method as its token, a method of the shop as its name', () => {
    expect(after({ type: 'paymentChosen', payment: { kind: 'saved', tokenId: 'tok-1' } }).payment).toEqual({
      kind: 'saved',
      tokenId: 'tok-1',
    });
    expect(after({ type: 'paymentChosen', payment: { kind: 'new', method: 'paypal' } }).payment).toEqual({
      kind: 'new',
      method: 'paypal',
    });
  });

  it('takes away the problems of the method and its bank', () => {
    const form = after(
      checked({
        method: 'paymentMethodRequired',
        bank: 'bankRequired',
        consent: 'withdrawalConsentRequired',
      }),
      { type: 'paymentChosen', payment: { kind: 'new', method: 'ideal' } },
    );
    expect(form.errors).toEqual({ consent: 'withdrawalConsentRequired' });
  });

  it('starts a free set-up with the saved method remembered from the top-up form', () => {
    expect(after({ type: 'savedMethodRemembered', tokenId: 'tok-2' }).payment).toEqual({
      kind: 'saved',
      tokenId: 'tok-2',
    });
  });

  it('keeps the bank’s problem until the form is checked again', () => {
    const form = after(checked({ bank: 'bankRequired' }), { type: 'bankChosen', bank: 'ABNANL2A' });
    expect(form.bank).toBe('ABNANL2A');
    expect(form.errors.bank).toBe('bankRequired');
  });
});

describe('the account opened while paying', () => {
  it('keeps the password’s problem while the password breaks the rule, and drops it once it passes', () => {
    const short = after(checked({ password: 'passwordTooShort' }), {
      type: 'accountPasswordTyped',
      password: 'still-9ch',
    });
    expect(short.errors.password).toBe('passwordTooShort');
    const long = paymentFormReducer(short, { type: 'accountPasswordTyped', password: 'Long-enough-now' });
    expect(long.errors.password).toBeUndefined();
    expect(long.accountPassword).toBe('Long-enough-now');
  });

  it('shows no problem while the first password is typed', () => {
    expect(after({ type: 'accountPasswordTyped', password: 'short' }).errors).toEqual({});
  });

  it('forgets the password’s problem when the shopper no longer wants an account', () => {
    const form = after(
      { type: 'accountOpeningChosen', createAccount: true },
      checked({ password: 'passwordTooShort' }),
      { type: 'accountOpeningChosen', createAccount: false },
    );
    expect(form.createAccount).toBe(false);
    expect(form.errors).toEqual({});
  });

  it('shows the API’s refusal beside its field', () => {
    const form = after({
      type: 'accountRefused',
      problem: { field: 'email', messageKey: 'usernameExists' },
    });
    expect(form.errors).toEqual({ email: 'usernameExists' });
  });
});

describe('the consent and the PINs', () => {
  it('drops the consent’s problem once given, and keeps it while taken back', () => {
    const missing = after(checked({ consent: 'withdrawalConsentRequired' }));
    expect(paymentFormReducer(missing, { type: 'consentChosen', consent: true }).errors).toEqual({});
    expect(paymentFormReducer(missing, { type: 'consentChosen', consent: false }).errors).toEqual({
      consent: 'withdrawalConsentRequired',
    });
  });

  it('drops the problems of number and e-mail when the PINs go another way', () => {
    const form = after(checked({ voucherPhone: 'invalidPhoneNumber', email: 'emailInvalid' }), {
      type: 'voucherChannelChosen',
      channel: 'sms',
    });
    expect(form.voucherChannel).toBe('sms');
    expect(form.errors).toEqual({});
  });

  it('offers the number of the last top-up only where none is typed', () => {
    expect(after({ type: 'lastNumberFound', phone: '+4917011111111' }).voucherPhone).toBe('+4917011111111');
    expect(
      after(
        { type: 'voucherPhoneTyped', phone: '0170 2222222' },
        { type: 'lastNumberFound', phone: '+4917011111111' },
      ).voucherPhone,
    ).toBe('0170 2222222');
  });
});

describe('checking the form', () => {
  it('replaces what was shown with what the check found, the address’s problems beside their fields', () => {
    const form = after(checked({ email: 'emailInvalid' }), {
      type: 'checked',
      problems: { fields: { consent: 'withdrawalConsentRequired' }, address: { zip: 'postcodeRequired' } },
    });
    expect(form.errors).toEqual({ consent: 'withdrawalConsentRequired' });
    expect(form.addressErrors).toEqual({ zip: { key: 'postcodeRequired' } });
  });

  it('keeps the address as typed, part by part', () => {
    const form = after(
      { type: 'addressChanged', changes: { street: 'Graben' } },
      { type: 'addressChanged', changes: { houseNumber: '12' } },
    );
    expect(form.address).toMatchObject({ street: 'Graben', houseNumber: '12', countryCode: 'DE' });
  });
});
