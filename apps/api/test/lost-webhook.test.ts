import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPEN_PAYMENT_FOLLOW_UP_MS } from '../src/fulfilment/reconcile';
import { apiForFile } from './api-for-file';
import { checkoutClient, DECLINED_CARD, GOOD_CARD, orderRecords } from './checkout-support';

/**
 * The provider's webhooks never reach this API, and the shopper closes the tab after paying:
 * only the reconciliation pass can find out what happened, by asking the provider.
 */
const api = apiForFile({ webhooksLost: true });
const { orderRow } = orderRecords(api);
const client = checkoutClient(api);

const later = () => new Date(Date.now() + OPEN_PAYMENT_FOLLOW_UP_MS + 60_000);

const providerPayment = (payerUrl: string) => api.sandbox.client.payment(payerUrl);

/** A funkfix top-up paid (or refused) at the provider by a shopper who never comes back. */
async function abandonedPayment(msisdn: string, card: object, action: 'approve' | 'decline') {
  const cartName = await client.newCart('funkfix', [
    { productId: 'funkfix-topup-1500', phoneNumber: msisdn },
  ]);
  const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { orderNumber, payerUrl } = started.body as StartedPaymentAnswer;
  await client.act(payerUrl, action, card);
  return { orderNumber, payerUrl };
}

describe('a lost webhook', () => {
  it('a paid order whose shopper never returns is committed once by reconciliation', async () => {
    const msisdn = '+4917030001234';
    const before = await api.sandbox.client.balance(msisdn);
    const { orderNumber, payerUrl } = await abandonedPayment(msisdn, GOOD_CARD, 'approve');
    expect((await providerPayment(payerUrl)).status).toBe('AUTHORIZED');

    await api.reconcile();
    expect((await orderRow(orderNumber)).status).toBe('paymentPending');

    await Promise.all([api.reconcile(later()), api.reconcile(later())]);
    await api.reconcile(later());
    expect((await orderRow(orderNumber)).status).toBe('committed');
    expect(await api.sandbox.client.balance(msisdn)).toBe(before + 1500);
    expect(await providerPayment(payerUrl)).toMatchObject({ status: 'CAPTURED', capturedAmount: 1500 });
    const order = await orderRow(orderNumber);
    const units = await api.database.db
      .select()
      .from(schema.orderUnits)
      .where(eq(schema.orderUnits.orderId, order.id));
    expect(units.map((unit) => [unit.state, unit.attempts])).toEqual([['SUCCEEDED', 1]]);
  });

  it('a declined payment ends its order failed, with nothing delivered', async () => {
    const msisdn = '+4917030002234';
    const before = await api.sandbox.client.balance(msisdn);
    const { orderNumber } = await abandonedPayment(msisdn, DECLINED_CARD, 'decline');
    await api.reconcile(later());
    await api.reconcile(later());
    expect((await orderRow(orderNumber)).status).toBe('failed');
    expect(await api.sandbox.client.balance(msisdn)).toBe(before);
  });
});
