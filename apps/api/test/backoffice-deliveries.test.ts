import { randomUUID } from 'node:crypto';
import { schema } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { ADMIN, FINANCE, SUPPORT, staffClient } from './backoffice-support';
import { checkoutClient, GOOD_CARD, guestAddress, orderRecords } from './checkout-support';
import { freshNumber } from './saved-methods-support';

/**
 * What staff do for a shopper whose goods did not arrive (decision 0066), on both databases: a
 * delivery stuck between payment and outcome tried again, once; voucher PINs sent again where the
 * order sent them; PINs shown only with a reason, which the audit log and the timeline keep.
 * No worker takes the commit a webhook starts here: a paid order stays stuck until someone acts.
 */
const api = apiForFile({ worker: false });
const client = checkoutClient(api);
const records = orderRecords(api);
const { staffCall, tokenOf } = staffClient(api);

/** A funkfix top-up paid by card whose commit never ran (the process crashed after the payment). */
async function stuckTopup() {
  const phoneNumber = freshNumber('+49170', 8);
  const cartName = await client.newCart('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber }]);
  const address = await client.call('POST', '/api/shop/rest/checkout-address', 'funkfix', {
    cartName,
    deliveryAddress: guestAddress({ email: `shopper-${randomUUID()}@example.com` }),
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
  await client.act(started.body.payerUrl, 'approve', GOOD_CARD);
  const { orderNumber } = started.body as { orderNumber: string };
  // Authorised by the card; the commit would capture it.
  await expect
    .poll(async () => (await records.orderRow(orderNumber)).status, { timeout: 15_000 })
    .toBe('paymentAuthorized');
  return { orderNumber, phoneNumber, cartName };
}

/** A ladeplatz voucher of the shop's stock, bought by card, its PINs sent as `voucherDeliveryAddress` asks. */
async function boughtVoucher(voucherDeliveryAddress?: unknown) {
  const email = `shopper-${randomUUID()}@example.com`;
  const cartName = await client.newCart('ladeplatz', [{ productId: 'pixelpass-voucher-1000' }]);
  const address = await client.call('POST', '/api/shop/rest/checkout-address', 'ladeplatz', {
    cartName,
    deliveryAddress: guestAddress({ email, language: 'en', voucherDeliveryAddress }),
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const started = await client.startPayment('ladeplatz', { cartName, paymentMethod: 'creditcard' });
  await client.act(started.body.payerUrl, 'approve', GOOD_CARD);
  const { orderNumber } = started.body as { orderNumber: string };
  const answer = await client.commitUntilFinal('ladeplatz', cartName, orderNumber);
  expect(answer.orderStatus).toBe('committed');
  return { orderNumber, email, pins: answer.vouchers.map((voucher: { pin: string }) => voucher.pin) };
}

const orderOf = async (orderNumber: string, email = ADMIN) =>
  (await staffCall('GET', `/api/backoffice/orders/${orderNumber}`, await tokenOf(email))).body;

const act = async (orderNumber: string, action: string, email: string, body?: unknown) =>
  staffCall('POST', `/api/backoffice/orders/${orderNumber}/${action}`, await tokenOf(email), { body });

describe('retrying a stuck delivery', () => {
  it('delivers the paid order once, however often and at once it is retried, and says who did it', {
    timeout: 60_000,
  }, async () => {
    const { orderNumber, phoneNumber } = await stuckTopup();
    const before = await api.sandbox.client.balance(phoneNumber);
    expect(await orderOf(orderNumber)).toMatchObject({
      orderStatus: 'paymentAuthorized',
      deliveryStuck: true,
    });

    const retries = await Promise.all([1, 2, 3].map(() => act(orderNumber, 'retry-delivery', SUPPORT)));
    const statuses = retries.map((retry) => retry.status).sort();
    // The first is taken; a retry that finds the order delivered already is told so.
    expect(statuses[0]).toBe(202);
    expect(statuses.every((status) => status === 202 || status === 409)).toBe(true);
    await expect
      .poll(async () => (await records.orderRow(orderNumber)).status, { timeout: 15_000 })
      .toBe('committed');
    expect(await api.sandbox.client.balance(phoneNumber)).toBe(before + 1500);

    const again = await act(orderNumber, 'retry-delivery', SUPPORT);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DELIVERY_NOT_STUCK');
    expect(await api.sandbox.client.balance(phoneNumber)).toBe(before + 1500);

    const order = await orderOf(orderNumber);
    expect(order.deliveryStuck).toBe(false);
    const retried = order.timeline.filter(
      (entry: { kind: string }) => entry.kind === 'order.delivery-retried',
    );
    expect(retried.length).toBeGreaterThanOrEqual(1);
    expect(retried[0].detail).toMatchObject({ staff: SUPPORT, statusBefore: 'paymentAuthorized' });
  });

  it('is support’s and admin’s: finance is refused, and another tenant’s order is not there', async () => {
    const { orderNumber } = await stuckTopup();
    const byFinance = await act(orderNumber, 'retry-delivery', FINANCE);
    expect(byFinance.status).toBe(403);
    expect(byFinance.body.code).toBe('FORBIDDEN');
    const voucher = await boughtVoucher();
    const foreign = await act(voucher.orderNumber, 'retry-delivery', SUPPORT);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
    expect((await records.orderRow(orderNumber)).status).toBe('paymentAuthorized');
  });

  it('delivers nothing for an order whose payment was never taken', async () => {
    const phoneNumber = freshNumber('+49170', 8);
    const cartName = await client.newCart('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber }]);
    const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    const { orderNumber } = started.body as { orderNumber: string };
    const before = await api.sandbox.client.balance(phoneNumber);
    const retry = await act(orderNumber, 'retry-delivery', SUPPORT);
    expect(retry).toMatchObject({ status: 409, body: { code: 'DELIVERY_NOT_STUCK' } });
    // Marked paid in our records alone, without the provider's word: the commit still delivers nothing.
    await api.database.db
      .update(schema.orders)
      .set({ status: 'paid' })
      .where(eq(schema.orders.orderNumber, orderNumber));
    await act(orderNumber, 'retry-delivery', SUPPORT);
    expect(await api.sandbox.client.balance(phoneNumber)).toBe(before);
    expect((await records.orderRow(orderNumber)).status).not.toBe('committed');
  });
});

describe('revealing voucher PINs', () => {
  it('shows the delivered PINs only with a reason, and the audit log and the timeline keep it', async () => {
    const { orderNumber, pins } = await boughtVoucher();
    const order = await orderOf(orderNumber);
    expect(order).toMatchObject({ voucherCount: 1, receiptAvailable: true, deliveryStuck: false });
    // The timeline never shows a PIN in the clear.
    expect(JSON.stringify(order.timeline)).not.toContain(pins[0]);

    const noReason = await act(orderNumber, 'reveal-pins', ADMIN, {});
    expect(noReason.status).toBe(400);
    const reason = 'Shopper cannot read the SMS; identity checked by phone';
    const revealed = await act(orderNumber, 'reveal-pins', ADMIN, { reason });
    expect(revealed.status).toBe(200);
    expect(revealed.body.vouchers.map((voucher: { pin: string }) => voucher.pin)).toEqual(pins);

    const audit = await staffCall('GET', '/api/backoffice/audit?shopId=ladeplatz', await tokenOf(ADMIN));
    expect(audit.body.items[0]).toMatchObject({
      staff: ADMIN,
      action: 'order.pins-revealed',
      target: orderNumber,
      shopId: 'ladeplatz',
      detail: { reason, count: 1 },
    });
    const timeline = (await orderOf(orderNumber)).timeline;
    expect(timeline.at(-1)).toMatchObject({ kind: 'order.pins-revealed', detail: { reason, staff: ADMIN } });
  });

  it('is refused to finance and for an order without PINs', async () => {
    const { orderNumber } = await boughtVoucher();
    const byFinance = await act(orderNumber, 'reveal-pins', FINANCE, { reason: 'curious' });
    expect(byFinance.status).toBe(403);
    const topup = await stuckTopup();
    const none = await act(topup.orderNumber, 'reveal-pins', SUPPORT, { reason: 'shopper asks' });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('NO_VOUCHER_PINS');
  });
});

describe('sending voucher PINs again', () => {
  it('goes by WhatsApp to the number the shopper chose, never to another', { timeout: 60_000 }, async () => {
    const phoneNumber = freshNumber('+49170', 8);
    const { orderNumber } = await boughtVoucher({ channel: 'whatsapp', phoneNumber });
    const order = await records.orderRow(orderNumber);
    const sendings = () =>
      api.database.db
        .select()
        .from(schema.voucherDeliveries)
        .where(
          and(
            eq(schema.voucherDeliveries.orderId, order.id),
            eq(schema.voucherDeliveries.reason, 'SEND_AGAIN'),
          ),
        );
    expect(await sendings()).toHaveLength(0);

    const sent = await act(orderNumber, 'resend-pins', SUPPORT, {
      phoneNumber: '+491701111111',
    });
    // Support of funkfix does not see ladeplatz; the admin does.
    expect(sent.status).toBe(404);
    const byAdmin = await act(orderNumber, 'resend-pins', ADMIN, { phoneNumber: '+491701111111' });
    expect(byAdmin.status).toBe(202);
    const [again] = await sendings();
    expect(again).toMatchObject({ channel: 'whatsapp', phoneNumber });
    const timeline = (await orderOf(orderNumber)).timeline;
    expect(timeline.at(-1)).toMatchObject({ kind: 'order.pins-resent', detail: { channel: 'whatsapp' } });
  });

  it('goes in the receipt to the order’s own e-mail address when the PINs went by e-mail', {
    timeout: 60_000,
  }, async () => {
    const { orderNumber, email, pins } = await boughtVoucher();
    const before = (await api.sandbox.client.outbox(email)).length;
    expect((await act(orderNumber, 'resend-pins', ADMIN)).status).toBe(202);
    await expect
      .poll(async () => (await api.sandbox.client.outbox(email)).length, { timeout: 15_000 })
      .toBe(before + 1);
    const [mail] = await api.sandbox.client.outbox(email);
    expect(JSON.stringify(mail)).toContain(pins[0]);
  });
});
