import {
  type CheckoutAddressRequest,
  type CommitRequest,
  type CreateOrderRequest,
  checkoutAddressAnswerSchema,
  commitAnswerSchema,
  createdOrderAnswerSchema,
  type PaymentToken,
  paymentTokensAnswerSchema,
  type ResendOtpRequest,
  type Schema,
  type SendVoucherAgainRequest,
  type StartApplePaymentRequest,
  type StartPaymentRequest,
  startedPaymentAnswerSchema,
  type ValidateOtpRequest,
  validateOtpAnswerSchema,
  voucherDeliverySchema,
} from '@shop/domain/contract';
import { callShopApi } from './shop-api';

/** docs/checkout.md: the checkout calls the payment page makes, through the shop's `/api/*`. */

function post<T>(call: string, body: object, answer: Schema<T>) {
  return callShopApi(`/api/shop/rest/${call}`, answer, { method: 'POST', body: JSON.stringify(body) });
}

export const submitCheckoutAddress = (request: CheckoutAddressRequest) =>
  post('checkout-address', request, checkoutAddressAnswerSchema);

export const validateOtp = (cartName: string, otp: string) =>
  post('validate-otp', { cartName, otp } satisfies ValidateOtpRequest, validateOtpAnswerSchema);

export const resendOtp = (cartName: string) =>
  post('resend-otp', { cartName } satisfies ResendOtpRequest, checkoutAddressAnswerSchema);

/**
 * What the payment page sends to start a payment, by whichever call the method takes; with
 * `paymentTokenId`, a method saved on the signed-in shopper's account is charged at once.
 */
export type PaymentStart = Pick<
  StartPaymentRequest,
  'cartName' | 'savePayment' | 'additionalData' | 'paymentTokenId' | 'deviceId' | 'fraudnetSessionId'
> & {
  paymentMethod: string;
};

/**
 * Starts the payment; Apple Pay has a call of its own, which carries no fraud signals (its
 * payment takes the device id of the contact step).
 */
export function startPayment(request: PaymentStart) {
  if (request.paymentMethod === 'applepay') {
    const { deviceId: _deviceId, fraudnetSessionId: _fraudnet, ...applePay } = request;
    return post(
      'checkout-start-apple-payment',
      { ...applePay, paymentMethod: 'applepay' } satisfies StartApplePaymentRequest,
      startedPaymentAnswerSchema,
    );
  }
  return post('checkout-start-payment', request satisfies StartPaymentRequest, startedPaymentAnswerSchema);
}

/** Spec §4 commit flow: delivers a paid (or cash-code) order; asked again while the payment is open. */
export const commitOrder = (request: CommitRequest) =>
  post('payment-commit-order', request, commitAnswerSchema);

/** Creates the order of a cart that needs no payment (cash codes, free set-ups): 201 `{ orderNumber }`. */
export const createOrder = (cartName: string) =>
  post('orders', { cartName } satisfies CreateOrderRequest, createdOrderAnswerSchema);

/**
 * The result page of an order, where the provider returns the shopper; a free automatic set-up
 * names the saved method its commit registers it on (`paymentToken`).
 */
export function resultPath(cartName: string, orderNumber: string, paymentToken?: string): string {
  return `/shop/checkout/result?${new URLSearchParams({ cartName, orderNumber, ...(paymentToken ? { paymentToken } : {}) })}`;
}

/** The signed-in shopper's saved methods that can be charged (a guest has none: 401). */
export async function savedPaymentMethods(): Promise<PaymentToken[]> {
  const result = await callShopApi('/api/shop/rest/payment-tokens', paymentTokensAnswerSchema);
  return result.ok ? result.data.paymentTokens.filter((token) => token.status === 'ACTIVE') : [];
}

/** The result page of a cash-code order. */
export function cashCodeResultPath(cartName: string, orderNumber: string): string {
  return `/shop/checkout/result/cash-code?${new URLSearchParams({ cartName, orderNumber })}`;
}

/** Where an order's voucher PINs by SMS or WhatsApp are asked about and sent again (decision 0048). */
const voucherDeliveryPath = (orderNumber: string) =>
  `/api/shop/rest/orders/${encodeURIComponent(orderNumber)}/voucher-delivery`;

/** How the sending of the order's PINs stands; a guest names the cart, a signed-in shopper needs not. */
export const readVoucherDelivery = (orderNumber: string, cartName: string | undefined) =>
  callShopApi(
    `${voucherDeliveryPath(orderNumber)}${cartName ? `?${new URLSearchParams({ cartName })}` : ''}`,
    voucherDeliverySchema,
  );

/** Sends the order's PINs again, to the number chosen at checkout (429 past the limit per order). */
export const sendVoucherAgain = (orderNumber: string, cartName: string | undefined) =>
  callShopApi(voucherDeliveryPath(orderNumber), voucherDeliverySchema, {
    method: 'POST',
    body: JSON.stringify((cartName ? { cartName } : {}) satisfies SendVoucherAgainRequest),
  });
