import { messageKeyFor } from '@shop/domain';
import { cartNameAnswerSchema, detailedCartSchema } from '@shop/domain/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callShopApi } from './shop-api';

afterEach(() => vi.unstubAllGlobals());

const answering = (status: number, body: object, headers: Record<string, string> = {}) =>
  vi.stubGlobal('fetch', async () => Response.json(body, { status, headers }));

describe('callShopApi', () => {
  it('answers a refusal of the abuse limits with its code, its message key and the wait', async () => {
    answering(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }, { 'Retry-After': '7' });
    const result = await callShopApi('/api/shop/rest/addToCart', cartNameAnswerSchema, {
      method: 'POST',
      body: '{}',
    });
    expect(result).toEqual({
      ok: false,
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests',
      retryAfterSeconds: 7,
    });
    expect(messageKeyFor(result.ok ? undefined : result.code)).toBe('tooManyRequests');
  });

  it('leaves the wait out when the answer names none', async () => {
    answering(404, { code: 'UNKNOWN_CART', message: 'No such cart' });
    expect(await callShopApi('/api/shop/rest/v2/carts/x', detailedCartSchema)).not.toHaveProperty(
      'retryAfterSeconds',
    );
  });
});
