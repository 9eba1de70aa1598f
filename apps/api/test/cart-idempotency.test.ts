import { randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import type { DetailedCart } from '@shop/domain/contract';
import { tenants } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { cartCalls } from './cart-calls';

/**
 * A new cart added with an Idempotency-Key, as the shop's own add buttons send one: the same key
 * makes one cart however often and however concurrently it comes, on both databases.
 */

const api = apiForFile({ worker: false });

const FUNKFIX_NUMBER = '+4917012345678';
const plain = (productId = 'funkfix-topup-1500') => ({ productId, phoneNumber: FUNKFIX_NUMBER });
/** Out of stock in the demo catalogue: refused with PRODUCT_NOT_AVAILABLE. */
const outOfStock = plain('funkfix-topup-3000');

const newKey = () => `cart-key-${randomUUID()}`;

const { post, addV2, cartCount } = cartCalls(api);

async function getCart(cartName: string) {
  const response = await api.request(`/api/shop/rest/v2/carts/${cartName}`, {
    headers: { 'X-Tenant-Id': 'funkfix' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DetailedCart;
}

async function requestsOf(key: string) {
  return api.database.db
    .select({ cartName: schema.cartRequests.cartName })
    .from(schema.cartRequests)
    .where(and(eq(schema.cartRequests.tenantId, 'funkfix'), eq(schema.cartRequests.idempotencyKey, key)));
}

const linesOf = (cart: DetailedCart) => cart.items.map((item) => [item.productId, item.quantity]);

describe('a new cart added with an idempotency key', () => {
  it('answers the first cart for the same key again and adds its items once', async () => {
    const key = newKey();
    const before = await cartCount();
    const first = await addV2({ items: [plain(), plain('funkfix-topup-500')] }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await addV2({ items: [plain(), plain('funkfix-topup-500')] }, key);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.cartName).toBe(first.body.cartName);
    expect(linesOf(second.body)).toEqual([
      ['funkfix-topup-1500', 1],
      ['funkfix-topup-500', 1],
    ]);
    expect(await cartCount()).toBe(before + 1);
    expect(await requestsOf(key)).toEqual([{ cartName: first.body.cartName }]);
    const [row] = await api.database.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.cartName, first.body.cartName));
    const idleMs = (tenants().byId('funkfix')?.cart.idleMinutes ?? 0) * 60_000;
    expect(row).toMatchObject({ tenantId: 'funkfix', currency: 'EUR', version: 1 });
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - Date.now() - idleMs)).toBeLessThan(60_000);
  });

  it('answers the same cart through every add call (v1, createCart) for a repeated key', async () => {
    const key = newKey();
    const first = await post('/api/shop/rest/addToCart', { items: [plain()] }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await cartCount();
    const created = await post(
      '/api/shop/createCart',
      { phoneNumber: FUNKFIX_NUMBER.slice(1), items: [{ productId: 'funkfix-topup-500' }] },
      key,
    );
    const v2 = await addV2({ items: [plain('funkfix-topup-1000')] }, key);
    expect([created.body.cartName, v2.body.cartName]).toEqual([first.body.cartName, first.body.cartName]);
    expect(linesOf(await getCart(first.body.cartName))).toEqual([['funkfix-topup-1500', 1]]);
    expect(await cartCount()).toBe(before);
  });

  it('makes exactly one cart for 10 concurrent adds with one key, and each answer names it', async () => {
    const key = newKey();
    const before = await cartCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => addV2({ items: [plain()] }, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const names = new Set(answers.map((answer) => answer.body.cartName));
    expect(names.size).toBe(1);
    const [cartName] = [...names];
    if (!cartName) throw new Error('no cart name');
    expect(await cartCount()).toBe(before + 1);
    expect(await requestsOf(key)).toEqual([{ cartName }]);
    expect(linesOf(await getCart(cartName))).toEqual([['funkfix-topup-1500', 1]]);
  });

  it('makes a new cart for a new key, and for concurrent adds with keys of their own', async () => {
    const before = await cartCount();
    const one = await addV2({ items: [plain()] }, newKey());
    const other = await addV2({ items: [plain()] }, newKey());
    expect(other.body.cartName).not.toBe(one.body.cartName);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => addV2({ items: [plain()] }, newKey())),
    );
    expect(new Set(concurrent.map((answer) => answer.body.cartName)).size).toBe(10);
    expect(await cartCount()).toBe(before + 12);
  });

  it('leaves nothing behind for a refused item, and the key can be tried again', async () => {
    const key = newKey();
    const before = await cartCount();
    const refused = await addV2({ items: [plain(), outOfStock] }, key);
    expect([refused.status, refused.body.code]).toEqual([400, 'PRODUCT_NOT_AVAILABLE']);
    expect(await cartCount()).toBe(before);
    expect(await requestsOf(key)).toEqual([]);

    const retried = await addV2({ items: [plain()] }, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(linesOf(retried.body)).toEqual([['funkfix-topup-1500', 1]]);
    expect(await cartCount()).toBe(before + 1);
    expect(await requestsOf(key)).toEqual([{ cartName: retried.body.cartName }]);
  });

  it('answers the first cart for a repeated key even when the repeat would now be refused', async () => {
    const key = newKey();
    const first = await addV2({ items: [plain()] }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await cartCount();
    const repeat = await addV2({ items: [outOfStock] }, key);
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await cartCount()).toBe(before);
  });

  it('answers the named cart for a key first used to add to it, repeated without the cart name', async () => {
    const named = await addV2({ items: [plain('funkfix-topup-500')] });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const key = newKey();
    const added = await addV2({ cartName: named.body.cartName, items: [plain()] }, key);
    expect(added.body.cartName).toBe(named.body.cartName);
    const before = await cartCount();
    const repeat = await addV2({ items: [plain()] }, key);
    expect(repeat.body).toEqual(added.body);
    expect(await cartCount()).toBe(before);
  });

  it("answers the first cart and leaves a named cart alone for a repeat of a new cart's key", async () => {
    const key = newKey();
    const first = await addV2({ items: [plain()] }, key);
    const other = await addV2({ items: [plain('funkfix-topup-500')] });
    const repeat = await addV2({ cartName: other.body.cartName, items: [plain()] }, key);
    expect(repeat.body.cartName).toBe(first.body.cartName);
    expect(linesOf(await getCart(other.body.cartName))).toEqual([['funkfix-topup-500', 1]]);
  });
});
