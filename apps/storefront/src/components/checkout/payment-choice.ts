import { BANKS, type CryptoCurrency, type VoucherDeliveryTarget } from '@shop/domain';
import type { AdditionalData, PaymentToken } from '@shop/domain/contract';
import type { CartSetup } from '../../lib/auto-topup-setup';
import { newPasswordProblem } from '../auth/checks';
import { EMAIL } from '../forms/email';
import {
  type BillingAddressField,
  type BillingAddressRules,
  billingAddressProblems,
} from './billing-address';
import type { PaymentChoice } from './checkout-flow';
import type { PaymentField, PaymentFormState, PaymentProblems, PaymentSelection } from './payment-form-state';

/** The value of a saved method's radio button: the prefix and its id. */
export const SAVED_METHOD_PREFIX = 'saved:';

/** The value of the radio button that stands for `payment`. */
export const selectionValue = (payment: PaymentSelection): string =>
  payment.kind === 'saved' ? `${SAVED_METHOD_PREFIX}${payment.tokenId}` : payment.method;

/** What the cart and the shopper decide about the payment form. */
export interface PaymentRules {
  setup: CartSetup;
  /** A guest on a tenant with accounts, who may open one while paying. */
  offerAccount: boolean;
  signedIn: boolean;
  savedMethods: readonly PaymentToken[];
  /** The tenant's methods that its provider can keep for later payments. */
  savableMethods: readonly string[];
  /** The app flow's address rules; undefined where no address is asked for. */
  billingAddress: BillingAddressRules | undefined;
}

/** The shop's method chosen, if the shopper chose one of the shop's methods (not a saved one). */
export const newMethod = (payment: PaymentSelection | undefined): string | undefined =>
  payment?.kind === 'new' ? payment.method : undefined;

/** A method that the tenant's provider can keep for later payments. */
export const isSavable = (method: string | undefined, savableMethods: readonly string[]): boolean =>
  method !== undefined && savableMethods.includes(method);

/** What the form asks of the shopper, from the cart, the shopper and what is chosen so far. */
export function paymentNeeds(state: PaymentFormState, rules: PaymentRules) {
  // An automatic top-up lives in an account: a guest opens one here (or signs in).
  const accountRequired = rules.offerAccount && rules.setup !== 'none';
  const opensAccount = accountRequired || (rules.offerAccount && state.createAccount);
  return {
    accountRequired,
    opensAccount,
    // A guest's saved method could never be used again: saving is for an account.
    canSave: rules.signedIn || opensAccount,
    // PINs by SMS or WhatsApp need no e-mail; an account does.
    emailRequired: state.voucherChannel === 'email' || opensAccount,
  };
}

/**
 * The methods offered for the cart: an automatic top-up charges later the method paid with now,
 * so only a method that can be saved; a free set-up pays nothing now, so only saved methods.
 */
export function methodsFor(
  methods: readonly string[],
  setup: CartSetup,
  savableMethods: readonly string[],
): readonly string[] {
  if (setup === 'free' || setup === 'light') return [];
  if (setup === 'paid') return methods.filter((method) => isSavable(method, savableMethods));
  return methods;
}

export function additionalData(
  method: string,
  bank: string,
  crypto: CryptoCurrency,
): AdditionalData | undefined {
  const issuer = BANKS.find((candidate) => candidate.issuerId === bank);
  if (method === 'ideal' && issuer) return { ideal: { issuerId: issuer.issuerId } };
  if (method === 'crypto') return { triplea: { cryptoCurrency: crypto } };
  return undefined;
}

/**
 * What keeps the form from being sent: the e-mail where one is needed (or given), the PINs'
 * number (`voucherPhoneProblem`, checked by the caller), the new account's password, a method
 * and, for online banking, its bank, the express consent, and the app flow's address.
 */
export function paymentProblems(
  state: PaymentFormState,
  rules: PaymentRules,
  voucherPhoneProblem: string | undefined,
): PaymentProblems {
  const needs = paymentNeeds(state, rules);
  const fields: PaymentProblems['fields'] = {};
  const email = state.email.trim();
  if ((needs.emailRequired || email !== '') && !EMAIL.test(email)) fields.email = 'emailInvalid';
  if (voucherPhoneProblem) fields.voucherPhone = voucherPhoneProblem;
  const password = needs.opensAccount ? newPasswordProblem(state.accountPassword) : undefined;
  if (password) fields.password = password;
  if (!state.payment && rules.setup !== 'light') fields.method = 'paymentMethodRequired';
  else if (newMethod(state.payment) === 'ideal' && !state.bank) fields.bank = 'bankRequired';
  if (!state.consent) fields.consent = 'withdrawalConsentRequired';
  const address = rules.billingAddress ? billingAddressProblems(state.address, rules.billingAddress) : {};
  return { fields, address };
}

const AFTER_ADDRESS: readonly PaymentField[] = ['password', 'method', 'bank', 'consent'];

/** The field the focus goes to: the first with a problem, in the order of the form; none when all pass. */
export function firstProblem(problems: PaymentProblems): PaymentField | BillingAddressField | undefined {
  const { fields, address } = problems;
  if (fields.email) return 'email';
  if (fields.voucherPhone) return 'voucherPhone';
  const [firstOfAddress] = Object.keys(address) as BillingAddressField[];
  return firstOfAddress ?? AFTER_ADDRESS.find((field) => fields[field]);
}

/**
 * What the shopper pays with, for a form without problems (`voucherDelivery` where the PINs go by
 * SMS or WhatsApp); undefined where nothing is chosen to pay with.
 */
export function paymentChoice(
  state: PaymentFormState,
  rules: PaymentRules,
  voucherDelivery: VoucherDeliveryTarget | undefined,
): PaymentChoice | undefined {
  const { opensAccount, canSave } = paymentNeeds(state, rules);
  const email = state.email.trim();
  const withAddress = rules.billingAddress ? { address: state.address } : {};
  const voucher = voucherDelivery ? { voucherDelivery } : {};
  const account = opensAccount ? { accountPassword: state.accountPassword } : {};
  // Light top-ups charge nothing, now or later: the order needs no method.
  if (rules.setup === 'light') {
    return {
      email,
      ...withAddress,
      paymentMethod: 'none',
      savePayment: false,
      freeSetup: true,
      ...account,
      ...voucher,
    };
  }
  const { payment } = state;
  if (!payment) return undefined;
  const freeSetup = rules.setup === 'free' ? { freeSetup: true } : {};
  if (payment.kind === 'saved') {
    const saved = rules.savedMethods.find((method) => method.id === payment.tokenId);
    if (!saved) return undefined;
    return {
      email,
      ...withAddress,
      ...voucher,
      paymentMethod: saved.method,
      savePayment: false,
      paymentTokenId: saved.id,
      ...freeSetup,
      ...account,
    };
  }
  const data = additionalData(payment.method, state.bank, state.crypto);
  return {
    email,
    ...withAddress,
    ...voucher,
    paymentMethod: payment.method,
    // A paid automatic set-up saves its method whatever the box says (the API does the same).
    savePayment:
      isSavable(payment.method, rules.savableMethods) &&
      (rules.setup === 'paid' || (canSave && state.savePayment)),
    ...(data ? { additionalData: data } : {}),
    ...freeSetup,
    ...account,
  };
}

/** The pay button's words: what pressing it does for this cart and method. */
export function payButtonKey(setup: CartSetup, payment: PaymentSelection | undefined) {
  if (setup === 'light') return 'autoTopupLightSetUp';
  if (setup === 'free') return 'setUpWithObligationToPay';
  return newMethod(payment) === 'paymentlink' ? 'createPaymentLink' : 'orderWithObligationToPay';
}

/** Where a paid set-up saves the method paid with: what the form tells the shopper. */
export function savesMethodKey(setupKind: 'AUTOMATIC' | 'SMS', method: string) {
  const card = method === 'creditcard';
  if (setupKind === 'SMS') return card ? 'smsTopupSavesCard' : 'smsTopupSavesMethod';
  return card ? 'autoTopupSavesCard' : 'autoTopupSavesMethod';
}
