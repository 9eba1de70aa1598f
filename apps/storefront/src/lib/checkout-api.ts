import type { CheckoutNextStep, CryptoCurrency, IssuerId } from '@shop/domain';
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

export interface StartPaymentAnswer {
  payerUrl: string;
  orderNumber: string;
  returnUrl: string;
  iframe: boolean;
}

/** The order as the result page shows it. */
export interface OrderView {
  orderNumber: string;
  orderStatus: string;
  paymentStatus: string | null;
  paymentMethod: string | null;
  amount: number;
  currency: string;
  payerUrl: string | null;
}

/** An order as the result page found it. */
export type OrderLookup = { kind: 'found'; order: OrderView } | { kind: 'unknown' } | { kind: 'unavailable' };

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

export const fetchOrder = (orderNumber: string, cartName: string) =>
  callShopApi<OrderView>(
    `/api/shop/rest/orders/${encodeURIComponent(orderNumber)}?cartName=${encodeURIComponent(cartName)}`,
  );

/** The result page of an order, where the provider returns the shopper. */
export function resultPath(cartName: string, orderNumber: string): string {
  return `/shop/checkout/result?${new URLSearchParams({ cartName, orderNumber })}`;
}
