/** Calls from the browser to the shop's `/api/*` (same origin); errors come back as their code. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string | undefined };

export async function callShopApi<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      ...init,
      headers: { ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
    const body = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
    if (response.ok) return { ok: true, data: body as T };
    return { ok: false, status: response.status, code: body?.code };
  } catch {
    return { ok: false, status: 0, code: undefined };
  }
}

/** The cookie that keeps a shopper's cart name across reloads (spec §4). */
export const CART_COOKIE = 'cartName';

export function savedCartName(): string | undefined {
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
}

export function saveCartName(cartName: string | undefined): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const value = cartName ? `${cartName}; max-age=${7 * 24 * 60 * 60}` : '; max-age=0';
  // The Cookie Store API is not available in every browser the shop supports.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${CART_COOKIE}=${value}; path=/; samesite=strict${secure}`;
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
