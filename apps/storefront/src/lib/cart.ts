import 'server-only';
import { paymentMethodOffered } from '@shop/domain';
import {
  cartNameSchema,
  type DetailedCart,
  detailedCartSchema,
  type PaymentToken,
  paymentTokensAnswerSchema,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { callApi } from './api';
import { ApiCallError } from './api-answer';
import { COOKIE_NAMES } from './cookie-names';

/** The cart of this name, or null when there is none (any more) or the name could not be one. */
export async function cartNamed(
  tenant: TenantConfig,
  name: string | undefined,
): Promise<DetailedCart | null> {
  const cartName = cartNameSchema.safeParse(name);
  if (!cartName.success) return null;
  try {
    return await callApi(tenant, `/api/shop/rest/v2/carts/${cartName.data}`, detailedCartSchema);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** The shopper's cart named by the cart cookie, or null when there is none (any more). */
export async function currentCart(tenant: TenantConfig): Promise<DetailedCart | null> {
  return cartNamed(tenant, (await cookies()).get(COOKIE_NAMES.cartName)?.value);
}

/**
 * The signed-in shopper's saved methods that can pay here: usable (ACTIVE) and of a method the
 * shop takes. None when they cannot be read just now: the shopper pays another way.
 */
export async function chargeableSavedMethods(tenant: TenantConfig): Promise<PaymentToken[]> {
  try {
    const { paymentTokens } = await callApi(
      tenant,
      '/api/shop/rest/payment-tokens',
      paymentTokensAnswerSchema,
    );
    return paymentTokens.filter(
      (token) => token.status === 'ACTIVE' && paymentMethodOffered(token.method, tenant.paymentMethods),
    );
  } catch {
    return [];
  }
}
