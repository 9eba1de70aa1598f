import type { CheckoutNextStep, CommitAnswer, CryptoCurrency, IssuerId } from '@shop/domain';
import { type ApiResult, callShopApi } from './shop-api';

/** docs/checkout.md: the checkout calls the payment page makes, through the shop's `/api/*`. */

export interface DeliveryAddress {
  email?: string;
  phoneNumber?: string;
  firstname?: string;
  lastname?: string;
  street?: string;
  houseNumber?: string;
  zip?: string;
  city?: string;
  countryCode?: string;
  language?: string;
}

export interface CheckoutAddressRequest {
  cartName: string;
  deliveryAddress: DeliveryAddress;
  language: 'en' | 'de';
  savePayment: boolean;
}

export interface CheckoutAddressAnswer {
  nextStep: CheckoutNextStep;
  otpSentTo?: string;
}

export type PaymentAdditionalData =
  | { ideal: { issuerId: IssuerId } }
  | { triplea: { cryptoCurrency: CryptoCurrency } };

export interface StartPaymentRequest {
  cartName: string;
  paymentMethod: string;
  savePayment: boolean;
  additionalData?: PaymentAdditionalData;
}

export type { CommitAnswer, DeliveredVoucher } from '@shop/domain';

export interface StartPaymentAnswer {
  payerUrl: string;
  orderNumber: string;
  returnUrl: string;
  iframe: boolean;
}

export interface CommitRequest {
  cartName: string;
  orderNumber: string;
  /** PayPal's `token` or `approval_session_id` when the shopper paid in its frame. */
  paymentToken?: string;
  deviceId?: string;
}

function post<T>(call: string, body: object): Promise<ApiResult<T>> {
  return callShopApi<T>(`/api/shop/rest/${call}`, { method: 'POST', body: JSON.stringify(body) });
}

export const submitCheckoutAddress = (request: CheckoutAddressRequest) =>
  post<CheckoutAddressAnswer>('checkout-address', request);

export const validateOtp = (cartName: string, otp: string) =>
  post<{ verified: true }>('validate-otp', { cartName, otp });

export const resendOtp = (cartName: string) => post<CheckoutAddressAnswer>('resend-otp', { cartName });

/** Starts the payment; Apple Pay has a call of its own. */
export function startPayment(request: StartPaymentRequest): Promise<ApiResult<StartPaymentAnswer>> {
  return request.paymentMethod === 'applepay'
    ? post<StartPaymentAnswer>('checkout-start-apple-payment', { ...request, paymentMethod: 'applepay' })
    : post<StartPaymentAnswer>('checkout-start-payment', request);
}

/** Spec §4 commit flow: delivers a paid (or cash-code) order; asked again while the payment is open. */
export const commitOrder = (request: CommitRequest) => post<CommitAnswer>('payment-commit-order', request);

/** Creates the order of a cart that needs no payment (cash codes, free set-ups): 201 `{ orderNumber }`. */
export const createOrder = (cartName: string) => post<{ orderNumber: string }>('orders', { cartName });

/** The result page of an order, where the provider returns the shopper. */
export function resultPath(cartName: string, orderNumber: string): string {
  return `/shop/checkout/result?${new URLSearchParams({ cartName, orderNumber })}`;
}

/** The result page of a cash-code order. */
export function cashCodeResultPath(cartName: string, orderNumber: string): string {
  return `/shop/checkout/result/cash-code?${new URLSearchParams({ cartName, orderNumber })}`;
}
