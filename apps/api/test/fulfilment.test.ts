import { schema } from '@shop/db';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD } from './checkout-support';
import { waitFor } from './processes';

const api = apiForFile();
const client = checkoutClient(api);

let numbers = 0;
/** A funkfix number of its own per test, ending in the operator's magic digits. */
function number(ending = '1234'): string {
  numbers += 1;
  return `+4917${String(10_000 + numbers).padStart(5, '0')}00${ending}`;
}

const balance = (msisdn: string) => api.sandbox.client.balance(msisdn);

const commit = (tenant: string, cartName: string, orderNumber: string) =>
  client.call('POST', '/api/shop/rest/payment-commit-order', tenant, { cartName, orderNumber });

const commitUntilFinal = (tenant: string, cartName: string, orderNumber: string) =>
  client.commitUntilFinal(tenant, cartName, orderNumber);

const providerPayment = (payerUrl: string) => api.sandbox.client.payment(payerUrl);

/** A funkfix cart of top-ups, paid by card (approved at the provider). */
async function paidCart(
  items: { productId: string; phoneNumber: string; quantity?: number }[],
  method = 'creditcard',
) {
  const cartName = await client.newCart('funkfix', items);
  const started = await client.startPayment('funkfix', { cartName, paymentMethod: method });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { payerUrl, orderNumber } = started.body as StartedPaymentAnswer;
  await client.act(payerUrl, 'approve', method === 'creditcard' ? GOOD_CARD : {});
  return { cartName, orderNumber, payerUrl };
}

const timeline = async (orderNumber: string) => {
  const [order] = await api.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.orderNumber, orderNumber));
  return api.database.db
    .select()
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, order?.id ?? ''));
};

describe('payment-commit-order', () => {
  it('delivers a top-up, captures the payment and answers the purchase; again → ORDER_ALREADY_COMMITTED', async () => {
    const msisdn = number();
    const before = await balance(msisdn);
    const { cartName, orderNumber, payerUrl } = await paidCart([
      { productId: 'funkfix-topup-1500', phoneNumber: msisdn },
    ]);
    const answer = await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(answer).toMatchObject({
      orderNumber,
      orderStatus: 'committed',
      messages: [],
      paymentStatus: 'CAPTURED',
      amountCharged: 1500,
      creditAdded: 1500,
      paymentReference: `${orderNumber}-1`,
      currency: 'EUR',
      voucherPin: null,
      phoneNumbers: [msisdn],
      message: null,
    });
    expect(await balance(msisdn)).toBe(before + 1500);
    expect(await providerPayment(payerUrl)).toMatchObject({ status: 'CAPTURED', capturedAmount: 1500 });
    const again = await commit('funkfix', cartName, orderNumber);
    expect(again.body).toEqual({ ...answer, orderStatus: 'ORDER_ALREADY_COMMITTED' });
    expect(await balance(msisdn)).toBe(before + 1500);
  });

  it('an operator failure (…9999) gives all back: refunded, the authorization voided', async () => {
    const msisdn = number('9999');
    const { cartName, orderNumber, payerUrl } = await paidCart([
      { productId: 'funkfix-topup-1500', phoneNumber: msisdn },
    ]);
    const answer = await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(answer).toMatchObject({
      orderStatus: 'refunded',
      paymentStatus: 'REFUNDED',
      amountCharged: 0,
      creditAdded: 0,
      message: 'refunded',
    });
    expect((await providerPayment(payerUrl)).status).toBe('CANCELLED');
    const again = await commit('funkfix', cartName, orderNumber);
    expect(again.body).toMatchObject({ orderStatus: 'ORDER_ALREADY_COMMITTED', paymentStatus: 'REFUNDED' });
  });

  it('a pending top-up (…8888) ends as success after polling', async () => {
    const msisdn = number('8888');
    const before = await balance(msisdn);
    const { cartName, orderNumber } = await paidCart([
      { productId: 'funkfix-topup-1000', phoneNumber: msisdn },
    ]);
    const answer = await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(answer).toMatchObject({ orderStatus: 'committed', creditAdded: 1000 });
    expect(await balance(msisdn)).toBe(before + 1000);
  });

  it('a top-up whose first answer times out (…7777) is sent again with the same reference: one top-up, not two', async () => {
    const msisdn = number('7777');
    const before = await balance(msisdn);
    const { cartName, orderNumber } = await paidCart([
      { productId: 'funkfix-topup-2000', phoneNumber: msisdn },
    ]);
    const answer = await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(answer).toMatchObject({ orderStatus: 'committed', creditAdded: 2000 });
    expect(await balance(msisdn)).toBe(before + 2000);
  });

  it('a two-item cart with one failing: the other is delivered, only it is charged', async () => {
    const good = number();
    const bad = number('9999');
    const { cartName, orderNumber, payerUrl } = await paidCart([
      { productId: 'funkfix-topup-1500', phoneNumber: good },
      { productId: 'funkfix-topup-1000', phoneNumber: bad },
    ]);
    const answer = await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(answer).toMatchObject({
      orderStatus: 'partiallyCommitted',
      messages: ['partiallyCommitted'],
      paymentStatus: 'PARTIALLY_REFUNDED',
      amountCharged: 1500,
      creditAdded: 1500,
      message: 'partiallyCommittedMessage',
    });
    expect(await providerPayment(payerUrl)).toMatchObject({ status: 'CAPTURED', capturedAmount: 1500 });

    // A crash after settling but before recording it: settling again gives nothing back twice.
    const [order] = await api.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, orderNumber));
    if (!order?.outcome) throw new Error(`order ${orderNumber} has no outcome`);
    await api.database.db
      .update(schema.orders)
      .set({ outcome: { ...order.outcome, settled: false } })
      .where(eq(schema.orders.orderNumber, orderNumber));
    await commit('funkfix', cartName, orderNumber);
    expect(await providerPayment(payerUrl)).toMatchObject({
      status: 'CAPTURED',
      capturedAmount: 1500,
      refundedAmount: 0,
    });
  });

  it('money taken at once (iDEAL) is refunded in part for what failed', async () => {
    const cartName = await client.newCart('belwaarde', [
      { productId: 'belwaarde-topup-1500', phoneNumber: '+31612340001' },
      { productId: 'belwaarde-topup-1000', phoneNumber: '+31612349999' },
    ]);
    const started = await client.startPayment('belwaarde', { cartName, paymentMethod: 'ideal' });
    await client.act(started.body.payerUrl, 'approve');
    const answer = await commitUntilFinal('belwaarde', cartName, started.body.orderNumber);
    expect(answer).toMatchObject({ orderStatus: 'partiallyCommitted', amountCharged: 1500 });
    expect(await providerPayment(started.body.payerUrl)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedAmount: 1000,
    });
    await api.database.db
      .update(schema.orders)
      .set({ outcome: sql`jsonb_set(${schema.orders.outcome}, '{settled}', 'false')` })
      .where(eq(schema.orders.orderNumber, started.body.orderNumber));
    await commit('belwaarde', cartName, started.body.orderNumber);
    expect(await providerPayment(started.body.payerUrl)).toMatchObject({ refundedAmount: 1000 });
  });

  it('ten commits at once: one top-up and one capture', async () => {
    const msisdn = number();
    const before = await balance(msisdn);
    const { cartName, orderNumber, payerUrl } = await paidCart([
      { productId: 'funkfix-topup-2500', phoneNumber: msisdn },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => commit('funkfix', cartName, orderNumber)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await commitUntilFinal('funkfix', cartName, orderNumber);
    expect(await balance(msisdn)).toBe(before + 2500);
    expect(await providerPayment(payerUrl)).toMatchObject({ status: 'CAPTURED', capturedAmount: 2500 });
    const events = await timeline(orderNumber);
    expect(events.filter((event) => event.type === 'unit.delivered')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'payment.capture')).toHaveLength(1);
  });

  it('a paid order whose shopper never returns is fulfilled by the webhook path, with a receipt', async () => {
    const msisdn = number();
    const before = await balance(msisdn);
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1000', phoneNumber: msisdn },
    ]);
    const email = `shopper-${numbers}@example.com`;
    await client.call('POST', '/api/shop/rest/checkout-address', 'funkfix', {
      cartName,
      deliveryAddress: { email, language: 'de' },
      language: 'de',
    });
    const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    await client.act(started.body.payerUrl, 'approve', GOOD_CARD);
    await client.orderReaches('funkfix', started.body.orderNumber, cartName, 'committed');
    expect(await balance(msisdn)).toBe(before + 1000);
    const mails = await waitFor('the receipt in the outbox', async () => {
      const outbox = (await (
        await fetch(`${api.sandbox.baseUrl}/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { subject: string; text: string }[];
      return outbox.length > 0 ? outbox : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(started.body.orderNumber);
    expect(mails[0]?.text).toMatch(/Abgebucht: 10\s€/);
  });

  it('answers 404 UNKNOWN_ORDER for an order of another cart or tenant, 400 for bad input', async () => {
    const { cartName, orderNumber } = await paidCart([
      { productId: 'funkfix-topup-1000', phoneNumber: number() },
    ]);
    expect((await commit('funkfix', 'z'.repeat(24), orderNumber)).body.code).toBe('UNKNOWN_ORDER');
    expect((await commit('blitzmobil', cartName, orderNumber)).body.code).toBe('UNKNOWN_ORDER');
    const bad = await client.call('POST', '/api/shop/rest/payment-commit-order', 'funkfix', { cartName });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('vouchers and cash codes', () => {
  it('a voucher from the shop’s own stock is sold once and shown with its PIN', async () => {
    const cartName = await client.newCart('ladeplatz', [
      { productId: 'pixelpass-voucher-1000', quantity: 2 },
    ]);
    const email = `voucher-${Date.now()}@example.com`;
    await client.call('POST', '/api/shop/rest/checkout-address', 'ladeplatz', {
      cartName,
      deliveryAddress: { email, language: 'en' },
      language: 'de',
    });
    const started = await client.startPayment('ladeplatz', { cartName, paymentMethod: 'creditcard' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const iframe = started.body.payerUrl as string;
    await client.act(iframe, 'approve', GOOD_CARD);
    const answer = await commitUntilFinal('ladeplatz', cartName, started.body.orderNumber);
    expect(answer.orderStatus).toBe('committed');
    expect(answer.vouchers).toHaveLength(2);
    expect(answer.voucherPin).toMatch(/^\w{8,32}$/);
    expect(new Set(answer.vouchers.map((voucher: { pin: string }) => voucher.pin)).size).toBe(2);
    const sold = await api.database.db
      .select()
      .from(schema.voucherPins)
      .where(and(eq(schema.voucherPins.tenantId, 'ladeplatz'), eq(schema.voucherPins.status, 'SOLD')));
    expect(sold.map((pin) => pin.pinEncrypted).join()).not.toContain(answer.voucherPin);
    expect(answer.vouchers[0]).toMatchObject({ brand: { brandId: 'pixelpass', name: 'PixelPass' } });
    const receipt = await waitFor('the receipt in the outbox', async () => {
      const mails = await fetch(`${api.sandbox.baseUrl}/outbox?to=${encodeURIComponent(email)}`);
      return ((await mails.json()) as { text: string }[])[0];
    });
    for (const voucher of answer.vouchers as { pin: string }[]) expect(receipt.text).toContain(voucher.pin);
    // How to redeem, in the receipt's language (the shopper's: English here).
    expect(receipt.text).toContain('Open PixelPass, choose “Redeem code” and enter the PIN.');
  });

  it('a cash code is redeemed for the top-up; a used one fails with its message', async () => {
    const cartName = await client.newCart('callhome', [
      {
        productId: 'callhome-cash-code',
        amount: 1000,
        phoneNumber: '+445600123456',
        cashCode: '440000001000',
      },
    ]);
    const order = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName });
    const answer = await commitUntilFinal('callhome', cartName, order.body.orderNumber);
    expect(answer).toMatchObject({ orderStatus: 'committed', creditAdded: 1000, amountCharged: 0 });

    const usedCart = await client.newCart('callhome', [
      {
        productId: 'callhome-cash-code',
        amount: 1000,
        phoneNumber: '+445600123457',
        cashCode: '999999999999',
      },
    ]);
    const used = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName: usedCart });
    const failed = await commitUntilFinal('callhome', usedCart, used.body.orderNumber);
    expect(failed).toMatchObject({ orderStatus: 'failed', message: 'cashCodeUsed', creditAdded: 0 });

    const unknownCart = await client.newCart('callhome', [
      {
        productId: 'callhome-cash-code',
        amount: 1000,
        phoneNumber: '+445600123458',
        cashCode: '555555555555',
      },
    ]);
    const unknown = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName: unknownCart });
    const refused = await commitUntilFinal('callhome', unknownCart, unknown.body.orderNumber);
    expect(refused).toMatchObject({ orderStatus: 'failed', message: 'cashCodeUnknown', creditAdded: 0 });
  });
});
