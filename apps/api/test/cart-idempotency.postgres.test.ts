import { randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { cartCalls } from './cart-calls';

/**
 * An add with an idempotency key that meets a first call with the same key still uncommitted in
 * another transaction: it waits, then answers what that call leaves. Included only on PostgreSQL
 * (vitest.config.ts): the embedded database has one connection, so nothing there runs at once.
 */

const api = apiForFile({ worker: false });

const item = { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' };

const { addV2, cartCount } = cartCalls(api);

/** Resolves once `done` holds or some session waits for a lock on a statement about cart requests. */
async function doneOrWaiting(done: () => boolean) {
  for (let tries = 0; tries < 400; tries += 1) {
    if (done()) return;
    const waiting = await api.database.executeSql(
      "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%cart_requests%'",
      [],
    );
    if (waiting.rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the add neither finished nor waited');
}

/**
 * An add with `key` sent while another transaction holds an uncommitted request row for that key,
 * naming `cartName`; that transaction commits or, with `rollBack`, rolls back once the add waits.
 */
async function addWhileKeyUncommitted(key: string, cartName: string, rollBack: boolean) {
  let pending: ReturnType<typeof addV2> | undefined;
  let finished = false;
  await api.database.db
    .transaction(async (tx) => {
      await tx.insert(schema.cartRequests).values({ tenantId: 'funkfix', idempotencyKey: key, cartName });
      pending = addV2({ items: [item] }, key);
      void pending.then(() => {
        finished = true;
      });
      await doneOrWaiting(() => finished);
      expect(finished, 'the add answered before the first call ended').toBe(false);
      if (rollBack) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!pending) throw new Error('no add sent');
  return pending;
}

class RolledBack extends Error {}

describe('an add with a key a concurrent first call has not committed yet', () => {
  it("answers the first call's cart once it commits, and makes none", async () => {
    const first = await addV2({ items: [{ ...item, productId: 'funkfix-topup-500' }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await cartCount();
    const key = `cart-key-${randomUUID()}`;
    const answer = await addWhileKeyUncommitted(key, first.body.cartName, false);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual(first.body);
    expect(await cartCount()).toBe(before);
  });

  it('makes a cart of its own when the first call rolls back', async () => {
    const before = await cartCount();
    const key = `cart-key-${randomUUID()}`;
    const answer = await addWhileKeyUncommitted(key, 'never-committed-cart-name', true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.cartName).not.toBe('never-committed-cart-name');
    expect(answer.body.items.map((line) => [line.productId, line.quantity])).toEqual([
      ['funkfix-topup-1500', 1],
    ]);
    expect(await cartCount()).toBe(before + 1);
    const requests = await api.database.db
      .select({ cartName: schema.cartRequests.cartName })
      .from(schema.cartRequests)
      .where(and(eq(schema.cartRequests.tenantId, 'funkfix'), eq(schema.cartRequests.idempotencyKey, key)));
    expect(requests).toEqual([{ cartName: answer.body.cartName }]);
  });
});
