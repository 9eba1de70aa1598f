import type Stripe from 'stripe';
import type { CheckoutMethod } from './checkout-record';
import type { StripeContext } from './context';
import { nowInSeconds, stripeId } from './ids';

/**
 * PayPal, iDEAL, Bancontact and EPS: PaymentMethods the shopper makes on the Checkout page, in
 * Stripe's shapes (`ideal: { bank, bic }`, `paypal: { payer_email, … }`), and what their charges
 * show of them.
 */

export type RedirectMethod = Exclude<CheckoutMethod, 'card'>;

/** iDEAL's banks as Stripe names them, with their BIC and the name the page shows. */
export const IDEAL_BANKS: readonly { bank: Stripe.PaymentMethod.Ideal.Bank; bic: string; label: string }[] = [
  { bank: 'abn_amro', bic: 'ABNANL2A', label: 'ABN AMRO' },
  { bank: 'asn_bank', bic: 'ASNBNL21', label: 'ASN Bank' },
  { bank: 'bunq', bic: 'BUNQNL2A', label: 'bunq' },
  { bank: 'ing', bic: 'INGBNL2A', label: 'ING' },
  { bank: 'knab', bic: 'KNABNL2H', label: 'Knab' },
  { bank: 'rabobank', bic: 'RABONL2U', label: 'Rabobank' },
  { bank: 'revolut', bic: 'REVOLT21', label: 'Revolut' },
  { bank: 'sns_bank', bic: 'SNSBNL2A', label: 'SNS' },
  { bank: 'triodos_bank', bic: 'TRIONL2U', label: 'Triodos Bank' },
];

const PAYER_ID = 'SANDBOXPAYER1';

export function newRedirectPaymentMethod(
  context: StripeContext,
  type: RedirectMethod,
  { email, bank }: { email: string | null; bank?: string },
): Stripe.PaymentMethod {
  const ideal = IDEAL_BANKS.find((item) => item.bank === bank);
  const paymentMethod: Stripe.PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email, name: null, phone: null, tax_id: null },
    created: nowInSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type,
    ...(type === 'paypal' ? { paypal: { country: 'NL', payer_email: email, payer_id: PAYER_ID } } : {}),
    ...(type === 'ideal' ? { ideal: { bank: ideal?.bank ?? null, bic: ideal?.bic ?? null } } : {}),
    ...(type === 'bancontact' ? { bancontact: {} } : {}),
    ...(type === 'eps' ? { eps: { bank: null } } : {}),
  };
  context.redirectPaymentMethods.set(paymentMethod.id, paymentMethod);
  return paymentMethod;
}

/** What a charge of the PaymentMethod shows of it. */
export function redirectChargeDetails(
  paymentMethod: Stripe.PaymentMethod,
): Stripe.Charge.PaymentMethodDetails {
  const transaction = stripeId('ch').slice(3, 19);
  const email = paymentMethod.billing_details.email;
  switch (paymentMethod.type) {
    case 'paypal':
      return {
        type: 'paypal',
        paypal: {
          country: 'NL',
          payer_email: email,
          payer_id: PAYER_ID,
          payer_name: null,
          seller_protection: null,
          transaction_id: transaction,
        },
      };
    case 'ideal':
      return {
        type: 'ideal',
        ideal: {
          bank: paymentMethod.ideal?.bank ?? null,
          bic: paymentMethod.ideal?.bic ?? null,
          generated_sepa_debit: null,
          generated_sepa_debit_mandate: null,
          iban_last4: '5264',
          transaction_id: transaction,
          verified_name: 'Sandbox Shopper',
        },
      };
    case 'bancontact':
      return {
        type: 'bancontact',
        bancontact: {
          bank_code: 'VAPE',
          bank_name: 'VAN DE PUT & CO',
          bic: 'VAPEBE22',
          generated_sepa_debit: null,
          generated_sepa_debit_mandate: null,
          iban_last4: '7061',
          preferred_language: 'en',
          verified_name: 'Sandbox Shopper',
        },
      };
    default:
      return { type: 'eps', eps: { bank: null, verified_name: 'Sandbox Shopper' } };
  }
}
