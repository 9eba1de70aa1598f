import { addToCartEvent } from '@shop/domain';
import {
  type AddToCartRequest,
  type CartItemRequest,
  type DetailedCart,
  detailedCartSchema,
  type Schema,
} from '@shop/domain/contract';
import { type ApiResult, readAnswer } from './api-answer';
import { readCookie, writeCookie } from './browser-cookies';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from './cookie-names';
import { pushEcommerceEvent } from './data-layer';

/**
 * A call from the browser to the shop's `/api/*` (same origin, which adds the common headers):
 * the answer as the contract's schema parses it, or the failure with its status and code.
 */
export async function callShopApi<T>(
  path: string,
  answer: Schema<T>,
  init: RequestInit = {},
): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      ...init,
      headers: { ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
    return await readAnswer(response, answer);
  } catch {
    return { ok: false, status: 0, code: undefined };
  }
}

/** The shopper's cart, kept across reloads (spec §4); undefined when there is none. */
export function savedCartName(): string | undefined {
  return readCookie(COOKIE_NAMES.cartName) || undefined;
}

export function saveCartName(cartName: string | undefined): void {
  writeCookie(COOKIE_NAMES.cartName, cartName, COOKIE_MAX_AGE_SECONDS.cartName);
}

/**
 * Puts items in the shopper's cart (a new one when there is none or it has expired) and keeps
 * its name; the idempotency key makes a double click or a retry add the items once.
 */
export async function addToCart(
  items: CartItemRequest[],
  idempotencyKey: string,
): Promise<ApiResult<DetailedCart>> {
  const post = (cartName: string | undefined) =>
    callShopApi('/api/shop/rest/v2/addToCart', detailedCartSchema, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...(cartName ? { cartName } : {}), items } satisfies AddToCartRequest),
    });
  let result = await post(savedCartName());
  if (!result.ok && result.code === 'UNKNOWN_CART') {
    saveCartName(undefined);
    result = await post(undefined);
  }
  if (result.ok) {
    saveCartName(result.data.cartName);
    pushEcommerceEvent(
      addToCartEvent(
        result.data,
        items.map((item) => item.productId),
      ),
    );
  }
  return result;
}
