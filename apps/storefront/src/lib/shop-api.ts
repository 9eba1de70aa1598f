import { readCookie, writeCookie } from './browser-cookies';

/** Calls from the browser to the shop's `/api/*` (same origin); errors come back as their code. */
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string | undefined; message?: string; retryAfterSeconds?: number };

/** `Retry-After` in seconds (the API sends it with every 429). */
function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export async function callShopApi<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      ...init,
      headers: { ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
    const body = (await response.json().catch(() => undefined)) as
      | { code?: string; message?: string }
      | undefined;
    if (response.ok) return { ok: true, data: body as T };
    const wait = retryAfterSeconds(response);
    return {
      ok: false,
      status: response.status,
      code: body?.code,
      ...(typeof body?.message === 'string' ? { message: body.message } : {}),
      ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
    };
  } catch {
    return { ok: false, status: 0, code: undefined };
  }
}

/** The cookie that keeps a shopper's cart name across reloads (spec §4). */
export const CART_COOKIE = 'cartName';

const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export function savedCartName(): string | undefined {
  return readCookie(CART_COOKIE) || undefined;
}

export function saveCartName(cartName: string | undefined): void {
  writeCookie(CART_COOKIE, cartName, SEVEN_DAYS_SECONDS);
}

/**
 * Puts items in the shopper's cart (a new one when there is none or it has expired) and keeps
 * its name; the idempotency key makes a double click or a retry add the items once.
 */
export async function addToCart(
  items: object[],
  idempotencyKey: string,
): Promise<ApiResult<{ cartName: string }>> {
  const post = (cartName: string | undefined) =>
    callShopApi<{ cartName: string }>('/api/shop/rest/v2/addToCart', {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...(cartName ? { cartName } : {}), items }),
    });
  let result = await post(savedCartName());
  if (!result.ok && result.code === 'UNKNOWN_CART') {
    saveCartName(undefined);
    result = await post(undefined);
  }
  if (result.ok) saveCartName(result.data.cartName);
  return result;
}
