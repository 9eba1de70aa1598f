import { randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { finishLostRefunds } from '../src/backoffice/refunds';
import { apiForFile } from './api-for-file';
import { ADMIN, CATALOGUE, FINANCE, SUPPORT, staffClient } from './backoffice-support';
import { checkoutClient, GOOD_CARD, guestAddress } from './checkout-support';
import { freshNumber } from './saved-methods-support';

/**
 * The back office's orders (decision 0066) on both databases: search by number, phone number in
 * any common format, e-mail, status, dates and tenant; an order's lines, payments and timeline; a
 * receipt sent again to the order's own address; a tenant's staff see nothing of another's.
 */
const api = apiForFile();
const client = checkoutClient(api);

const { staffCall, tokenOf } = staffClient(api);

/** A guest's paid and delivered top-up, with an e-mail of its own. */
async function paidTopup(tenant: string, productId: string, phoneNumber: string) {
  const email = `shopper-${randomUUID()}@example.com`;
  const cartName = await client.newCart(tenant, [{ productId, phoneNumber }]);
  const address = await client.call('POST', '/api/shop/rest/checkout-address', tenant, {
    cartName,
    deliveryAddress: guestAddress({ email }),
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const started = await client.startPayment(tenant, { cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await client.act(started.body.payerUrl, 'approve', GOOD_CARD);
  const { orderNumber } = started.body as { orderNumber: string };
  expect((await client.commitUntilFinal(tenant, cartName, orderNumber)).orderStatus).toBe('committed');
  return { orderNumber, email, phoneNumber };
}

let bought: {
  funkfix: Awaited<ReturnType<typeof paidTopup>>;
  blitzmobil: Awaited<ReturnType<typeof paidTopup>>;
};
async function orders() {
  bought ??= {
    funkfix: await paidTopup('funkfix', 'funkfix-topup-1500', freshNumber('+49170', 8)),
    blitzmobil: await paidTopup('blitzmobil', 'blitzmobil-topup-1500', freshNumber('+49151', 8)),
  };
  return bought;
}

const search = async (query: string, email = ADMIN) =>
  staffCall('GET', `/api/backoffice/orders?${query}`, await tokenOf(email));

describe('searching orders', () => {
  it('finds an order by its number, its phone number in any common format, and its e-mail', {
    timeout: 60_000,
  }, async () => {
    const { funkfix } = await orders();
    const national = `0${funkfix.phoneNumber.slice(3, 6)} ${funkfix.phoneNumber.slice(6)}`;
    for (const q of [
      funkfix.orderNumber,
      funkfix.orderNumber.toLowerCase(),
      national,
      funkfix.phoneNumber,
      `0049 ${funkfix.phoneNumber.slice(3)}`,
      funkfix.email.toUpperCase(),
    ]) {
      const found = await search(`q=${encodeURIComponent(q)}&shopId=funkfix`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.items.map((item: { orderNumber: string }) => item.orderNumber),
        q,
      ).toContain(funkfix.orderNumber);
    }
    const [item] = (await search(`q=${funkfix.orderNumber}`)).body.items;
    expect(item).toEqual({
      orderNumber: funkfix.orderNumber,
      shopId: 'funkfix',
      orderStatus: 'committed',
      createdAt: expect.any(String),
      totalPrice: 1500,
      currency: 'EUR',
      phoneNumbers: [funkfix.phoneNumber],
      email: funkfix.email,
    });
    expect((await search('q=nothing-like-an-order')).body).toEqual({ items: [], totalCount: 0 });
  });

  it('narrows by status and dates, newest first, a page at a time', { timeout: 60_000 }, async () => {
    const { funkfix } = await orders();
    const today = new Date().toISOString().slice(0, 10);
    const within = await search(`shopId=funkfix&status=committed&from=${today}&to=${today}&size=100`);
    expect(within.status).toBe(200);
    const numbers = within.body.items.map((item: { orderNumber: string }) => item.orderNumber);
    expect(numbers).toContain(funkfix.orderNumber);
    const times = within.body.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(within.body.items.every((item: { orderStatus: string }) => item.orderStatus === 'committed')).toBe(
      true,
    );
    expect((await search(`q=${funkfix.orderNumber}&status=failed`)).body.totalCount).toBe(0);
    expect((await search(`q=${funkfix.orderNumber}&to=2020-01-01`)).body.totalCount).toBe(0);
    const page = await search('shopId=funkfix&size=1&offset=1');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.totalCount).toBeGreaterThan(1);
    for (const bad of ['size=101', 'size=0', 'status=lost', 'from=yesterday', 'to=2026-02-30', 'offset=-1']) {
      expect((await search(bad)).body.code, bad).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps a tenant’s staff to their tenants: another tenant’s orders are not there to find', {
    timeout: 60_000,
  }, async () => {
    const { funkfix, blitzmobil } = await orders();
    const own = await search(`q=${funkfix.orderNumber}`, SUPPORT);
    expect(own.body.totalCount).toBe(1);
    expect((await search(`q=${blitzmobil.orderNumber}`, SUPPORT)).body).toEqual({ items: [], totalCount: 0 });
    expect(
      (await search('size=100', SUPPORT)).body.items.every(
        (item: { shopId: string }) => item.shopId === 'funkfix',
      ),
    ).toBe(true);
    expect(await search('shopId=blitzmobil', SUPPORT)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await search(`q=${blitzmobil.orderNumber}`)).body.totalCount).toBe(1);
    // Catalogue staff keep products, not orders.
    expect(await search('shopId=ladeplatz', CATALOGUE)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await staffCall('GET', '/api/backoffice/orders')).toMatchObject({
      status: 401,
      body: { code: 'AUTHORIZATION_REQUIRED' },
    });
  });
});

describe('an order', () => {
  it('shows its lines, its payments with what is refundable, and its timeline oldest first', {
    timeout: 60_000,
  }, async () => {
    const { funkfix } = await orders();
    const answer = await staffCall(
      'GET',
      `/api/backoffice/orders/${funkfix.orderNumber}`,
      await tokenOf(FINANCE),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = answer.body;
    expect(order).toMatchObject({
      orderNumber: funkfix.orderNumber,
      shopId: 'funkfix',
      orderStatus: 'committed',
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: 'funkfix-topup-1500',
        phoneNumber: funkfix.phoneNumber,
        quantity: 1,
      }),
    ]);
    expect(order.payments).toEqual([
      expect.objectContaining({
        method: 'creditcard',
        status: 'CAPTURED',
        amount: 1500,
        refundedAmount: 0,
        refundable: 1500,
      }),
    ]);
    const kinds = order.timeline.map((entry: { kind: string }) => entry.kind);
    expect(kinds[0]).toBe('order.created');
    for (const kind of ['payment.created', 'provider.initiated', 'payment.capture'])
      expect(kinds).toContain(kind);
    const times = order.timeline.map((entry: { at: string }) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is not found for staff of another tenant, nor when there is none', { timeout: 60_000 }, async () => {
    const { blitzmobil } = await orders();
    for (const path of [
      `/api/backoffice/orders/${blitzmobil.orderNumber}`,
      '/api/backoffice/orders/FUN-00000000',
    ]) {
      expect(await staffCall('GET', path, await tokenOf(SUPPORT))).toMatchObject({
        status: 404,
        body: { code: 'ORDER_NOT_FOUND' },
      });
    }
    expect(
      (await staffCall('GET', `/api/backoffice/orders/${blitzmobil.orderNumber}`, await tokenOf(ADMIN)))
        .status,
    ).toBe(200);
  });
});

describe('sending a receipt again', () => {
  it('mails it to the order’s own address, and writes who did it to the log and the timeline', {
    timeout: 60_000,
  }, async () => {
    const { funkfix, blitzmobil } = await orders();
    const before = (await api.sandbox.client.outbox(funkfix.email)).length;
    const support = await tokenOf(SUPPORT);
    const sent = await staffCall(
      'POST',
      `/api/backoffice/orders/${funkfix.orderNumber}/resend-receipt`,
      support,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    await expect
      .poll(async () => (await api.sandbox.client.outbox(funkfix.email)).length, { timeout: 15_000 })
      .toBe(before + 1);
    const [mail] = await api.sandbox.client.outbox(funkfix.email);
    expect(mail?.text).toContain(funkfix.orderNumber);

    const detail = await staffCall('GET', `/api/backoffice/orders/${funkfix.orderNumber}`, support);
    expect(detail.body.timeline.at(-1)).toMatchObject({
      kind: 'order.receipt-resent',
      detail: { staff: SUPPORT },
    });
    const audit = await staffCall('GET', '/api/backoffice/audit?shopId=funkfix', support);
    expect(audit.body.items[0]).toMatchObject({
      staff: SUPPORT,
      action: 'order.receipt-resent',
      target: funkfix.orderNumber,
      shopId: 'funkfix',
    });

    // Not for another tenant's order, nor for catalogue staff.
    expect(
      await staffCall('POST', `/api/backoffice/orders/${blitzmobil.orderNumber}/resend-receipt`, support),
    ).toMatchObject({ status: 404, body: { code: 'ORDER_NOT_FOUND' } });
    expect(
      await staffCall(
        'POST',
        `/api/backoffice/orders/${blitzmobil.orderNumber}/resend-receipt`,
        await tokenOf(CATALOGUE),
      ),
    ).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});

describe('refunds', () => {
  const refund = async (orderNumber: string, body: unknown, key?: string, email = FINANCE) =>
    staffCall('POST', `/api/backoffice/orders/${orderNumber}/refunds`, await tokenOf(email), { body, key });

  /** What the provider has refunded of the order's payment: the provider's own record. */
  async function refundedAtProvider(orderNumber: string): Promise<number> {
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, orderNumber));
    const [payment] = await api.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, order?.id as string));
    return (await api.sandbox.client.payment(payment?.providerPaymentId as string)).refundedAmount;
  }

  it('refunds part of an order once per key, however often and at once it is sent', {
    timeout: 90_000,
  }, async () => {
    const order = await paidTopup('funkfix', 'funkfix-topup-1500', freshNumber('+49170', 8));
    const key = randomUUID();
    const first = await refund(order.orderNumber, { amount: 500, reason: 'Top-up arrived late' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ refundId: expect.any(String), amount: 500, status: 'SUCCEEDED' });
    const again = await refund(order.orderNumber, { amount: 500, reason: 'Top-up arrived late' }, key);
    expect(again).toEqual(first);
    expect(await refundedAtProvider(order.orderNumber)).toBe(500);
    expect(
      await refund(order.orderNumber, { amount: 400, reason: 'Top-up arrived late' }, key),
    ).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });

    // A double click: the same key twice at the same moment reaches the provider once.
    const clicked = randomUUID();
    const both = await Promise.all([
      refund(order.orderNumber, { amount: 300, reason: 'Goodwill' }, clicked),
      refund(order.orderNumber, { amount: 300, reason: 'Goodwill' }, clicked),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([201, 201]);
    expect(both[0]?.body.refundId).toBe(both[1]?.body.refundId);
    expect(both.map((answer) => answer.body.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(await refundedAtProvider(order.orderNumber)).toBe(800);

    const detail = await staffCall(
      'GET',
      `/api/backoffice/orders/${order.orderNumber}`,
      await tokenOf(FINANCE),
    );
    expect(detail.body.payments[0]).toMatchObject({
      refundedAmount: 800,
      refundable: 700,
      status: 'PARTIALLY_REFUNDED',
    });
    const kinds = detail.body.timeline.map((entry: { kind: string }) => entry.kind);
    expect(kinds.filter((kind: string) => kind === 'order.refund-requested')).toHaveLength(2);
    expect(kinds.filter((kind: string) => kind === 'payment.refund.staff')).toHaveLength(2);
    const audit = await staffCall('GET', '/api/backoffice/audit?shopId=funkfix', await tokenOf(FINANCE));
    expect(audit.body.items[0]).toMatchObject({
      staff: FINANCE,
      action: 'order.refund-requested',
      target: order.orderNumber,
      detail: { amount: 300, reason: 'Goodwill' },
    });
  });

  it('refuses more than is left, also to two refunds at once, and then changes nothing', {
    timeout: 90_000,
  }, async () => {
    const order = await paidTopup('funkfix', 'funkfix-topup-1500', freshNumber('+49170', 8));
    expect(await refund(order.orderNumber, { amount: 1501, reason: 'Too much' }, randomUUID())).toMatchObject(
      {
        status: 422,
        body: { code: 'REFUND_AMOUNT_EXCEEDED' },
      },
    );
    expect(await refundedAtProvider(order.orderNumber)).toBe(0);
    const racing = await Promise.all([
      refund(order.orderNumber, { amount: 1000, reason: 'Charged twice' }, randomUUID()),
      refund(order.orderNumber, { amount: 1000, reason: 'Charged twice' }, randomUUID(), ADMIN),
    ]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(await refundedAtProvider(order.orderNumber)).toBe(1000);
    const rest = await refund(order.orderNumber, { amount: 500, reason: 'The rest' }, randomUUID(), ADMIN);
    expect(rest.body).toMatchObject({ status: 'SUCCEEDED', amount: 500 });
    expect(await refundedAtProvider(order.orderNumber)).toBe(1500);
    expect(await refund(order.orderNumber, { amount: 1, reason: 'Once more' }, randomUUID())).toMatchObject({
      status: 422,
      body: { code: 'REFUND_AMOUNT_EXCEEDED' },
    });
    const detail = await staffCall(
      'GET',
      `/api/backoffice/orders/${order.orderNumber}`,
      await tokenOf(ADMIN),
    );
    expect(detail.body.payments[0]).toMatchObject({ status: 'REFUNDED', refundable: 0 });
    // The order keeps what it delivered; the refund is the payment's (decision 0066).
    expect(detail.body.orderStatus).toBe('committed');
  });

  it('is finance’s and admin’s, for their tenants, with a key and a reason', {
    timeout: 60_000,
  }, async () => {
    const { funkfix, blitzmobil } = await orders();
    const body = { amount: 100, reason: 'Check' };
    expect(await refund(funkfix.orderNumber, body, randomUUID(), SUPPORT)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await refund(funkfix.orderNumber, body, randomUUID(), CATALOGUE)).toMatchObject({ status: 403 });
    expect(await refund(blitzmobil.orderNumber, body, randomUUID())).toMatchObject({
      status: 404,
      body: { code: 'ORDER_NOT_FOUND' },
    });
    for (const [bad, key] of [
      [body, undefined],
      [{ amount: 100 }, randomUUID()],
      [{ amount: 0, reason: 'x' }, randomUUID()],
      [{ amount: 1.5, reason: 'x' }, randomUUID()],
      [{ amount: -100, reason: 'x' }, randomUUID()],
    ] as const) {
      expect((await refund(funkfix.orderNumber, bad, key)).body.code, JSON.stringify(bad)).toBe(
        'VALIDATION_FAILED',
      );
    }
    expect(await refundedAtProvider(funkfix.orderNumber)).toBe(0);
  });

  it('left without the provider’s answer (a crash) is finished by reconciliation with the same key, once', {
    timeout: 60_000,
  }, async () => {
    const order = await paidTopup('funkfix', 'funkfix-topup-1500', freshNumber('+49170', 8));
    const { db } = api.database;
    const [row] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, order.orderNumber));
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.orderId, row?.id as string));
    const [finance] = await db
      .select()
      .from(schema.staffMembers)
      .where(eq(schema.staffMembers.email, FINANCE));
    const [pending] = await db
      .insert(schema.staffRefunds)
      .values({
        orderId: row?.id as string,
        paymentId: payment?.id as string,
        idempotencyKey: randomUUID(),
        amount: 700,
        reason: 'Asked for just before a crash',
        status: 'PENDING',
        staffId: finance?.id as string,
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    // While it waits, its money is not refundable a second time.
    expect(await refund(order.orderNumber, { amount: 900, reason: 'More' }, randomUUID())).toMatchObject({
      status: 422,
      body: { code: 'REFUND_AMOUNT_EXCEEDED' },
    });
    const services = { db, providers: api.services.providers, log: api.services.log };
    expect(await finishLostRefunds(services)).toBeGreaterThanOrEqual(1);
    expect(await finishLostRefunds(services)).toBe(0);
    const [done] = await db
      .select()
      .from(schema.staffRefunds)
      .where(eq(schema.staffRefunds.id, pending?.id as string));
    expect(done?.status).toBe('SUCCEEDED');
    expect(await refundedAtProvider(order.orderNumber)).toBe(700);
  });
});
