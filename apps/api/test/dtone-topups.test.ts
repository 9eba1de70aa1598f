import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { ADMIN, staffClient } from './backoffice-support';
import { checkoutClient } from './checkout-support';
import { DTONE_ACCOUNT } from './harness';
import { waitFor } from './processes';

/**
 * alpenfunk tops up through DT One (the sandbox's stand-in, decision 0070) and pays through
 * Stripe's: the number's balance is the one the sandbox operator keeps, DT One's callbacks reach
 * `POST /api/webhooks/dtone/alpenfunk`, and nothing but DT One's own answer changes a top-up.
 */
const api = apiForFile();
const client = checkoutClient(api);
const { staffCall, tokenOf } = staffClient(api);
const TENANT = 'alpenfunk';
const VISA = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

let numbers = 0;
/** A fresh AlpenFunk number, with the operator's test ending when one is asked for. */
const number = (ending = '') => {
  numbers += 1;
  const body = `${String(Date.now() % 100_000).padStart(5, '0')}${String(numbers).padStart(3, '0')}`;
  return `+43660${body.slice(0, body.length - ending.length)}${ending}`;
};
const balance = (msisdn: string) => api.sandbox.client.balance(msisdn);
const authorization = `Basic ${Buffer.from(`${DTONE_ACCOUNT.apiKey}:${DTONE_ACCOUNT.apiSecret}`).toString('base64')}`;

/** DT One's transactions for a number, as its API lists them. */
async function transactionsOf(msisdn: string) {
  const response = await fetch(
    `${api.sandbox.baseUrl}/dtone/v1/transactions?credit_party_mobile_number=${encodeURIComponent(msisdn)}`,
    { headers: { authorization } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    id: number;
    external_id: string;
    status: { class: { message: string } };
  }[];
}

/** A 15 € top-up paid by card on Stripe's page and committed. */
async function paidTopup(msisdn: string) {
  const cartName = await client.newCart(TENANT, [{ productId: 'alpenfunk-topup-1500', phoneNumber: msisdn }]);
  const started = await client.startPayment(TENANT, { cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { orderNumber, payerUrl } = started.body as StartedPaymentAnswer;
  await api.sandbox.client.act(payerUrl, 'approve', { card: VISA });
  const answer = await client.commitUntilFinal(TENANT, cartName, orderNumber);
  return { orderNumber, answer };
}

async function unitOf(orderNumber: string) {
  const [row] = await api.database.db
    .select({ unit: schema.orderUnits })
    .from(schema.orderUnits)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.orderUnits.orderId))
    .where(eq(schema.orders.orderNumber, orderNumber));
  if (!row) throw new Error(`no unit of ${orderNumber}`);
  return row.unit;
}

const callback = (body: unknown, shopId = TENANT) =>
  api.request(`/api/webhooks/dtone/${shopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe('a top-up on alpenfunk through DT One', () => {
  it('credits the number once, however often DT One calls back', async () => {
    const msisdn = number();
    const before = await balance(msisdn);
    const { orderNumber, answer } = await paidTopup(msisdn);
    expect(answer).toMatchObject({ orderStatus: 'committed', amountCharged: 1500, creditAdded: 1500 });
    const [transaction] = await transactionsOf(msisdn);
    expect(transaction).toMatchObject({
      external_id: `${orderNumber}-1-1`,
      status: { class: { message: 'COMPLETED' } },
    });
    const resent = await fetch(`${api.sandbox.baseUrl}/dtone/testing/callbacks/${transaction?.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBeLessThan(300);
    await settle();
    expect(await balance(msisdn)).toBe(before + 1500);
    expect(await transactionsOf(msisdn)).toHaveLength(1);
    expect((await unitOf(orderNumber)).state).toBe('SUCCEEDED');
  });

  it('tops up once when DT One’s answer comes late and its callback comes first', async () => {
    const msisdn = number('7777');
    const before = await balance(msisdn);
    const { answer } = await paidTopup(msisdn);
    expect(answer).toMatchObject({ orderStatus: 'committed', creditAdded: 1500 });
    await settle();
    expect(await balance(msisdn)).toBe(before + 1500);
    expect(await transactionsOf(msisdn)).toHaveLength(1);
  });

  it('refunds a top-up DT One reverses after completion, and the back office shows the order refunded', async () => {
    const msisdn = number();
    const before = await balance(msisdn);
    const { orderNumber } = await paidTopup(msisdn);
    const [transaction] = await transactionsOf(msisdn);
    const reversed = await fetch(
      `${api.sandbox.baseUrl}/dtone/testing/transactions/${transaction?.id}/reverse`,
      {
        method: 'POST',
      },
    );
    expect(reversed.status).toBe(200);
    const token = await tokenOf(ADMIN);
    const shown = await waitFor('the order refunded after the reversal', async () => {
      const order = await staffCall('GET', `/api/backoffice/orders/${orderNumber}`, token);
      return order.body?.orderStatus === 'refunded' && order.body.payments[0]?.refundedAmount === 1500
        ? order.body
        : undefined;
    });
    expect(shown.payments[0]).toMatchObject({ provider: 'stripe', status: 'REFUNDED', refundable: 0 });
    const kinds = (shown.timeline as { kind: string }[]).map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['unit.reversed', 'payment.refund.reversal']));
    expect(await balance(msisdn)).toBe(before);
    // DT One calls back again: nothing is refunded twice.
    await fetch(`${api.sandbox.baseUrl}/dtone/testing/callbacks/${transaction?.id}/resend`, {
      method: 'POST',
    });
    await settle();
    const again = await staffCall('GET', `/api/backoffice/orders/${orderNumber}`, token);
    expect(again.body.payments[0]).toMatchObject({ refundedAmount: 1500 });
    expect(
      (again.body.timeline as { kind: string }[]).filter((entry) => entry.kind === 'payment.refund.reversal'),
    ).toHaveLength(1);
  });

  it('takes a callback only as a question to DT One: a forged one changes nothing', async () => {
    const msisdn = number();
    const { orderNumber } = await paidTopup(msisdn);
    const reference = `${orderNumber}-1-1`;
    const forged = await callback({
      id: 1,
      external_id: reference,
      status: { id: 80000, message: 'REVERSED', class: { id: 8, message: 'REVERSED' } },
    });
    expect(forged.status).toBe(200);
    await settle();
    expect((await unitOf(orderNumber)).state).toBe('SUCCEEDED');
    const token = await tokenOf(ADMIN);
    const order = await staffCall('GET', `/api/backoffice/orders/${orderNumber}`, token);
    expect(order.body).toMatchObject({ orderStatus: 'committed' });
    expect(order.body.payments[0]).toMatchObject({ refundedAmount: 0 });
    expect((await callback({ external_id: reference }, 'funkfix')).status).toBe(404);
    expect((await callback({ external_id: 'ALP-00000000-1-1' })).status).toBe(404);
    expect((await callback({ id: 1 })).status).toBe(400);
  });
});
