import { schema } from '@shop/db';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient } from './checkout-support';

const api = apiForFile();
const client = checkoutClient(api);

const PRODUCT = 'streamhaus-voucher-2000';

it('100 shoppers at once for the last 20 PINs: 20 pay and each gets a PIN of their own, 80 are refused before paying', async () => {
  const { db } = api.database;
  const stock = await db
    .select({ id: schema.voucherPins.id })
    .from(schema.voucherPins)
    .where(and(eq(schema.voucherPins.tenantId, 'ladeplatz'), eq(schema.voucherPins.productId, PRODUCT)));
  expect(stock.length).toBeGreaterThanOrEqual(20);
  const alreadySold = stock.slice(20).map((pin) => pin.id);
  if (alreadySold.length > 0) {
    await db
      .update(schema.voucherPins)
      .set({ status: 'SOLD' })
      .where(inArray(schema.voucherPins.id, alreadySold));
  }

  const carts = await Promise.all(
    Array.from({ length: 100 }, () => client.newCart('ladeplatz', [{ productId: PRODUCT }])),
  );
  const starts = await Promise.all(
    carts.map((cartName) => client.startPayment('ladeplatz', { cartName, paymentMethod: 'crypto' })),
  );
  const paying = starts.filter((start) => start.status === 200);
  const refused = starts.filter((start) => start.status !== 200);
  expect(paying).toHaveLength(20);
  expect(refused).toHaveLength(80);
  for (const answer of refused)
    expect(answer).toMatchObject({ status: 409, body: { code: 'PRODUCT_NOT_AVAILABLE' } });
  expect(await db.select().from(schema.payments)).toHaveLength(20);

  await Promise.all(paying.map((start) => client.act(start.body.payerUrl, 'approve')));
  const pins: string[] = [];
  for (const start of paying) {
    const cartName = carts[starts.indexOf(start)] as string;
    await client.orderReaches('ladeplatz', start.body.orderNumber, cartName, 'committed');
    const answer = await client.call('POST', '/api/shop/rest/payment-commit-order', 'ladeplatz', {
      cartName,
      orderNumber: start.body.orderNumber,
    });
    // The webhook's commit may still be settling: this call then waits for it and answers its outcome.
    expect(['committed', 'ORDER_ALREADY_COMMITTED']).toContain(answer.body.orderStatus);
    expect(answer.body.amountCharged).toBe(2025); // 20.00 and the shop's 0.25 fee
    pins.push(answer.body.voucherPin);
  }
  expect(new Set(pins).size).toBe(20);
  const left = await db
    .select({ status: schema.voucherPins.status })
    .from(schema.voucherPins)
    .where(and(eq(schema.voucherPins.tenantId, 'ladeplatz'), eq(schema.voucherPins.productId, PRODUCT)));
  expect(left.every((pin) => pin.status === 'SOLD')).toBe(true);
}, 120_000);
