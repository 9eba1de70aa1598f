import type { CryptoCurrency, VoucherDeliveryChannel } from '@shop/domain';
import { newPasswordProblem } from '../auth/checks';
import { errorsOf, type FieldErrors } from '../forms/field-errors';
import { type BillingAddressField, type BillingAddressValues, emptyBillingAddress } from './billing-address';
import type { AccountProblem } from './checkout-flow';

/** How the shopper pays: with one of the shop's methods, or with a method saved on the account. */
export type PaymentSelection = { kind: 'new'; method: string } | { kind: 'saved'; tokenId: string };

/** The payment form's fields that show a problem of their own (the billing address has its own). */
export type PaymentField = 'email' | 'voucherPhone' | 'password' | 'method' | 'bank' | 'consent';

/** The problems the form found, as message keys: its own fields' and the billing address's. */
export interface PaymentProblems {
  fields: Partial<Record<PaymentField, string>>;
  address: Partial<Record<BillingAddressField, string>>;
}

/** The payment form as the shopper fills it in. */
export interface PaymentFormState {
  email: string;
  /** The guest asked for an account (where it is a choice). */
  createAccount: boolean;
  accountPassword: string;
  payment: PaymentSelection | undefined;
  /** The issuer id of the bank chosen for online banking. */
  bank: string;
  crypto: CryptoCurrency;
  savePayment: boolean;
  /** The express request that delivery start at once (see OrderConsent). */
  consent: boolean;
  voucherChannel: VoucherDeliveryChannel;
  voucherPhone: string;
  address: BillingAddressValues;
  /** Message keys; each goes once the shopper acts on its field. */
  errors: Partial<Record<PaymentField, string>>;
  addressErrors: FieldErrors<BillingAddressField>;
}

export type PaymentFormAction =
  | { type: 'emailTyped'; email: string }
  | { type: 'accountOpeningChosen'; createAccount: boolean }
  | { type: 'accountPasswordTyped'; password: string }
  | { type: 'paymentChosen'; payment: PaymentSelection }
  /** A free set-up starts with the saved method the top-up form chose. */
  | { type: 'savedMethodRemembered'; tokenId: string }
  | { type: 'bankChosen'; bank: string }
  | { type: 'cryptoChosen'; crypto: CryptoCurrency }
  | { type: 'savePaymentChosen'; savePayment: boolean }
  | { type: 'consentChosen'; consent: boolean }
  | { type: 'voucherChannelChosen'; channel: VoucherDeliveryChannel }
  | { type: 'voucherPhoneTyped'; phone: string }
  /** The number of the guest's last top-up, for the PINs where none is typed yet. */
  | { type: 'lastNumberFound'; phone: string }
  | { type: 'addressChanged'; changes: Partial<BillingAddressValues> }
  /** The pay button checked the form: what it found replaces what was shown. */
  | { type: 'checked'; problems: PaymentProblems }
  /** The API refused the account asked for. */
  | { type: 'accountRefused'; problem: AccountProblem };

export function initialPaymentForm({
  email,
  phoneNumber,
  country,
}: {
  /** The signed-in shopper's e-mail. */
  email: string | undefined;
  /** The number the shop knows for the shopper. */
  phoneNumber: string | undefined;
  /** The billing address's first country, in the app flow. */
  country: string;
}): PaymentFormState {
  return {
    email: email ?? '',
    createAccount: false,
    accountPassword: '',
    payment: undefined,
    bank: '',
    crypto: 'BTC',
    savePayment: false,
    consent: false,
    voucherChannel: 'email',
    voucherPhone: phoneNumber ?? '',
    address: emptyBillingAddress(country),
    errors: {},
    addressErrors: {},
  };
}

function withoutErrors(state: PaymentFormState, ...fields: PaymentField[]): PaymentFormState['errors'] {
  const errors = { ...state.errors };
  for (const field of fields) delete errors[field];
  return errors;
}

export function paymentFormReducer(state: PaymentFormState, action: PaymentFormAction): PaymentFormState {
  switch (action.type) {
    case 'emailTyped':
      return { ...state, email: action.email };
    case 'accountOpeningChosen':
      return {
        ...state,
        createAccount: action.createAccount,
        errors: action.createAccount ? state.errors : withoutErrors(state, 'password'),
      };
    case 'accountPasswordTyped': {
      // A problem shown stays until the password passes the rule.
      const problem = state.errors.password ? newPasswordProblem(action.password) : undefined;
      const errors = withoutErrors(state, 'password');
      return {
        ...state,
        accountPassword: action.password,
        errors: problem ? { ...errors, password: problem } : errors,
      };
    }
    case 'paymentChosen':
      return { ...state, payment: action.payment, errors: withoutErrors(state, 'method', 'bank') };
    case 'savedMethodRemembered':
      return { ...state, payment: { kind: 'saved', tokenId: action.tokenId } };
    case 'bankChosen':
      return { ...state, bank: action.bank };
    case 'cryptoChosen':
      return { ...state, crypto: action.crypto };
    case 'savePaymentChosen':
      return { ...state, savePayment: action.savePayment };
    case 'consentChosen':
      return {
        ...state,
        consent: action.consent,
        errors: action.consent ? withoutErrors(state, 'consent') : state.errors,
      };
    case 'voucherChannelChosen':
      return {
        ...state,
        voucherChannel: action.channel,
        errors: withoutErrors(state, 'voucherPhone', 'email'),
      };
    case 'voucherPhoneTyped':
      return { ...state, voucherPhone: action.phone };
    case 'lastNumberFound':
      return state.voucherPhone ? state : { ...state, voucherPhone: action.phone };
    case 'addressChanged':
      return { ...state, address: { ...state.address, ...action.changes } };
    case 'checked':
      return { ...state, errors: action.problems.fields, addressErrors: errorsOf(action.problems.address) };
    case 'accountRefused':
      return { ...state, errors: { ...state.errors, [action.problem.field]: action.problem.messageKey } };
  }
}
