import {
  confirmedPaymentTokenAnswerSchema,
  createdPaymentTokenAnswerSchema,
  type PaymentToken,
} from '@shop/domain/contract';
import type * as z from 'zod';
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
