import {
  type ErrorCode,
  FRAUDNET_METHOD,
  isErrorCode,
  messageKeyFor,
  OTP_RESEND_INTERVAL_MS,
  type VoucherDeliveryTarget,
} from '@shop/domain';
import type { AdditionalData } from '@shop/domain/contract';
import type { PaymentStart } from '../../lib/checkout-api';
import type { BillingAddressValues } from './billing-address';

/** Spec §4: the payment method of a cash-code cart, which the codes pay. */
export const CASH_CODE_PAYMENT_METHOD = 'N/A';

/** What the shopper chose on the payment form (or the cash-code form). */
export interface PaymentChoice {
  email: string;
  paymentMethod: string;
  savePayment: boolean;
  additionalData?: AdditionalData;
  /** Spec §6: the guest opens an account with the e-mail and this password. */
  accountPassword?: string;
  /** A method saved on the signed-in shopper's account: charged at once, or charged later by a free set-up. */
  paymentTokenId?: string;
  /** Spec §4: the cart is a free automatic set-up; nothing is paid, its order is committed on the saved method. */
  freeSetup?: boolean;
  /** The shopper's names and address, asked for in the app flow (spec §3). */
  address?: BillingAddressValues;
  /** The voucher PINs go by SMS or WhatsApp to this number (decision 0048); by e-mail without it. */
  voucherDelivery?: VoucherDeliveryTarget;
}

/** A refusal of the account a guest asked for at checkout, shown by the form next to its field. */
export interface AccountProblem {
  field: 'email' | 'password';
  messageKey: string;
}

/** The refusals of checkout-address that are about the account asked for, and their field. */
const ACCOUNT_PROBLEM_FIELDS: Partial<Record<ErrorCode, AccountProblem['field']>> = {
  CUSTOMER_DUPLICATION_ERROR: 'email',
  INVALID_USER_NAME: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  PASSWORD_TOO_COMMON: 'password',
  PASSWORD_CONTAINS_USER_NAME: 'password',
};

export type CheckoutPhase =
  | { step: 'choose' }
  | { step: 'otp'; sentTo: string | undefined; sentAt: number }
  | { step: 'frame'; url: string; paymentMethod: string }
  | { step: 'link'; url: string; resultPath: string }
  | { step: 'leaving' };

/** The errors of a code call that the code dialog shows itself; any other closes it with an alert. */
export const CODE_DIALOG_ERRORS: ReadonlySet<string | undefined> = new Set<ErrorCode>([
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_NOT_REQUESTED',
  'OTP_RESEND_TIME_LIMIT_RESTRICTION',
]);

/** The payer URL as the compact page the provider shows inside the shop's frame. */
export function embedded(payerUrl: string): string {
  const url = new URL(payerUrl);
  url.searchParams.set('embedded', '1');
  return url.toString();
}

/** A refusal of checkout-address about the account a guest asked for, for the form to show beside its field. */
export function accountProblemOf(code: string | undefined): AccountProblem | undefined {
  const field = isErrorCode(code) ? ACCOUNT_PROBLEM_FIELDS[code] : undefined;
  return field ? { field, messageKey: messageKeyFor(code) } : undefined;
}

/** The call that starts paying for cart `name`, with the device id and PayPal's FraudNet session where they go. */
export function paymentStart(
  name: string,
  payment: PaymentChoice,
  deviceId: string | undefined,
  fraudnetSessionId: string | undefined,
): PaymentStart {
  return {
    cartName: name,
    paymentMethod: payment.paymentMethod,
    savePayment: payment.savePayment,
    ...(payment.additionalData ? { additionalData: payment.additionalData } : {}),
    ...(payment.paymentTokenId ? { paymentTokenId: payment.paymentTokenId } : {}),
    ...(deviceId ? { deviceId } : {}),
    ...(payment.paymentMethod === FRAUDNET_METHOD ? { fraudnetSessionId } : {}),
  };
}

/**
 * When the code still open was sent, where a new one was refused (`retryAfterSeconds`, when the
 * server said) within a minute of the last; undefined after a longer wait.
 */
export function openCodeSentAt(
  retryAfterSeconds: number | undefined,
  lastSentAt: number | undefined,
  now: number,
): number | undefined {
  const waitMs = (retryAfterSeconds ?? 0) * 1000;
  if (waitMs > OTP_RESEND_INTERVAL_MS) return undefined;
  return retryAfterSeconds === undefined ? (lastSentAt ?? now) : now - OTP_RESEND_INTERVAL_MS + waitMs;
}
