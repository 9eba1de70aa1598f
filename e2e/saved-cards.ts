import {
  checkoutAddressAnswerSchema,
  commitAnswerSchema,
  confirmedPaymentTokenAnswerSchema,
  createdOrderAnswerSchema,
  createdPaymentTokenAnswerSchema,
  type PaymentToken,
  validateOtpAnswerSchema,
} from '@shop/domain/contract';
import type * as z from 'zod';
import { latestCode } from './checkout';
import { expect } from './fixtures';

/** A POST of the journey's own account to the API, its answer read by the contract's schema. */
export type AccountPost = <T extends z.ZodType>(
  path: string,
  schema: T,
  body: unknown,
) => Promise<z.infer<T>>;

/** The account's saved card at the sandbox provider, saved as the payment-methods page saves one. */
export async function savedCard(call: AccountPost, cardNumber: string, name?: string): Promise<PaymentToken> {
  const created = await call('/api/shop/rest/payment-tokens/create', createdPaymentTokenAnswerSchema, {
    paymentMethod: 'creditcard',
    ...(name ? { name } : {}),
  });
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const approved = await fetch(`${created.payerUrl}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber, expiry: `12/${year}`, cvc: '123' }),
  });
  expect(approved.status, await approved.text()).toBe(200);
  const confirmed = await call('/api/shop/rest/payment-tokens/confirm', confirmedPaymentTokenAnswerSchema, {
    id: created.id,
  });
  return confirmed.paymentToken;
}

/**
 * A cart of set-ups alone, finished as the checkout finishes it: the number confirmed by the code
 * the sandbox received, the free order, the commit naming the saved method that will pay.
 */
export async function commitFreeSetup(
  call: AccountPost,
  {
    cartName,
    email,
    msisdn,
    paymentToken,
  }: { cartName: string; email: string; msisdn: string; paymentToken: string },
): Promise<void> {
  const address = await call('/api/shop/rest/checkout-address', checkoutAddressAnswerSchema, {
    cartName,
    deliveryAddress: { email },
  });
  expect(address.nextStep).toBe('OTP');
  let otp: string | undefined;
  await expect.poll(async () => (otp = await latestCode(msisdn)), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await call('/api/shop/rest/validate-otp', validateOtpAnswerSchema, { cartName, otp });
  const { orderNumber } = await call('/api/shop/rest/orders', createdOrderAnswerSchema, { cartName });
  const committed = await call('/api/shop/rest/payment-commit-order', commitAnswerSchema, {
    cartName,
    orderNumber,
    paymentToken,
  });
  expect(committed.orderStatus).toBe('committed');
}
