import type { DetailedCart, ErrorEnvelope } from '@shop/domain/contract';
import type { RunningApi } from './harness';

/** Adds to a cart of funkfix through `api` as the shop's pages do, with an Idempotency-Key when given one. */
export function cartCalls(api: Pick<RunningApi, 'request'>) {
  const post = async (path: string, body: unknown, key?: string) => {
    const response = await api.request(path, {
      method: 'POST',
      headers: {
        'X-Tenant-Id': 'funkfix',
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as DetailedCart & Partial<ErrorEnvelope>,
    };
  };
  return { post, addV2: (body: unknown, key?: string) => post('/api/shop/rest/v2/addToCart', body, key) };
}
