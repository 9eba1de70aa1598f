import 'server-only';
import { cartNameSchema, type DetailedCart, detailedCartSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { callApi } from './api';
import { ApiCallError } from './api-answer';
import { COOKIE_NAMES } from './cookie-names';

/** The shopper's cart named by the cart cookie, or null when there is none (any more). */
export async function currentCart(tenant: TenantConfig): Promise<DetailedCart | null> {
  const cartName = cartNameSchema.safeParse((await cookies()).get(COOKIE_NAMES.cartName)?.value);
  if (!cartName.success) return null;
  try {
    return await callApi(tenant, `/api/shop/rest/v2/carts/${cartName.data}`, detailedCartSchema);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}
