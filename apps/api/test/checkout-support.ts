import { createHmac, randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type RunningApi, WEBHOOK_SECRET } from './harness';
import { waitFor } from './processes';

/** Calls of the checkout tests: JSON in and out, with the tenant header. */
export function checkoutClient(api: RunningApi) {
  /** A call as the storefront's proxy makes it, for a guest or (with `token`) a signed-in shopper. */
  async function call(method: string, path: string, tenant: string, body?: unknown, token?: string) {
    const response = await api.request(path, {
      method,
      headers: {
        'X-Tenant-Id': tenant,
        'X-Forwarded-Host': `${tenant}.localhost:3000`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    return { status: response.status, body: (await response.json()) as any };
  }

  async function newCart(tenant: string, items: unknown[]): Promise<string> {
    const { status, body } = await call('POST', '/api/shop/rest/v2/addToCart', tenant, { items });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.cartName;
  }

  const startPayment = (tenant: string, body: Record<string, unknown>) =>
    call('POST', '/api/shop/rest/checkout-start-payment', tenant, body);

  const order = (tenant: string, orderNumber: string, cartName: string) =>
    call('GET', `/api/shop/rest/orders/${orderNumber}?cartName=${cartName}`, tenant);

  /** Polls the order until its status is `expected` (webhooks arrive asynchronously). */
  const orderReaches = (tenant: string, orderNumber: string, cartName: string, expected: string) => {
    let last: unknown;
    return waitFor(
      () => `order ${orderNumber} in ${expected} (last seen: ${JSON.stringify(last)})`,
      async () => {
        const { body } = await order(tenant, orderNumber, cartName);
        last = body;
        return body.orderStatus === expected ? body : undefined;
      },
    );
  };

  /** Acts on the provider's hosted page through its HTTP twin. */
  const act = (payerUrl: string, action: string, body: object = {}) =>
    api.sandbox.client.act(payerUrl, action, body);

  /** Posts a webhook as the provider would, signed with the shared secret unless told otherwise. */
  async function webhook(event: Record<string, unknown>, signature?: string) {
    const body = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      occurredAt: new Date().toISOString(),
      ...event,
    });
    const signed = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`;
    const response = await api.request('/api/webhooks/psp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature ?? signed },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /**
   * Commits until the answer leaves paymentPending, as the result page does. The provider's webhook
   * may have committed the order first; then the answer is ORDER_ALREADY_COMMITTED with the same
   * details, and the order's own status (read back) is the one the commit reached.
   */
  async function commitUntilFinal(
    tenant: string,
    cartName: string,
    orderNumber: string,
    extra: Record<string, unknown> = {},
    token?: string,
  ) {
    for (let tries = 0; tries < 100; tries += 1) {
      const answer = await call(
        'POST',
        '/api/shop/rest/payment-commit-order',
        tenant,
        { cartName, orderNumber, ...extra },
        token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.orderStatus !== 'paymentPending') {
        if (answer.body.orderStatus !== 'ORDER_ALREADY_COMMITTED') return answer.body;
        const { body } = await order(tenant, orderNumber, cartName);
        return { ...answer.body, orderStatus: body.orderStatus };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`order ${orderNumber} stayed pending`);
  }

  return { call, newCart, startPayment, order, orderReaches, act, webhook, commitUntilFinal };
}

/** The order as the database holds it, and its timeline, oldest first, read by order number. */
export function orderRecords(api: RunningApi) {
  async function orderRow(orderNumber: string) {
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, orderNumber));
    if (!order) throw new Error(`no order ${orderNumber}`);
    return order;
  }
  async function timeline(orderNumber: string) {
    const order = await orderRow(orderNumber);
    return api.database.db
      .select({ type: schema.orderEvents.type, detail: schema.orderEvents.detail })
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, order.id))
      .orderBy(asc(schema.orderEvents.id));
  }
  return { orderRow, timeline };
}

export { DECLINED_CARD, GOOD_CARD, guestAddress, THREE_D_SECURE_CARD } from './shoppers';
