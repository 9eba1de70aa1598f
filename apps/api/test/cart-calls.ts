import { schema } from '@shop/db';
import type { DetailedCart, ErrorEnvelope } from '@shop/domain/contract';
import { count, eq } from 'drizzle-orm';
import type { RunningApi } from './harness';

/** Adds to a cart of funkfix through `api` as the shop's pages do (with an Idempotency-Key when given one), and counts its carts. */
export function cartCalls(api: Pick<RunningApi, 'request' | 'database'>) {
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
  /** How many carts funkfix has. */
  const cartCount = async () => {
    const [row] = await api.database.db
      .select({ carts: count() })
      .from(schema.carts)
      .where(eq(schema.carts.tenantId, 'funkfix'));
    return row?.carts ?? 0;
  };
  return {
    post,
    addV2: (body: unknown, key?: string) => post('/api/shop/rest/v2/addToCart', body, key),
    cartCount,
  };
}
