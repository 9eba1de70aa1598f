import { randomBytes } from 'node:crypto';
import { schema } from '@shop/db';
import { type ProductKind, priceAlone } from '@shop/domain';
import type { StartedPaymentAnswer } from '@shop/domain/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { checkoutClient, DECLINED_CARD } from './checkout-support';

/**
 * Decision 0017: whatever path an order takes to the commit, nothing with a price leaves the
 * shop unless the provider has confirmed the money for it; a free set-up delivers nothing; a
 * cash code pays for itself, once.
 */
const api = apiForFile();
const client = checkoutClient(api);

let numbers = 0;
function funkfixNumber(): string {
  numbers += 1;
  return `+4917${String(50_000 + numbers).padStart(5, '0')}001234`;
}

const balance = (msisdn: string) => api.sandbox.client.balance(msisdn);

const commit = (tenant: string, cartName: string, orderNumber: string) =>
  client.call('POST', '/api/shop/rest/payment-commit-order', tenant, { cartName, orderNumber });

const soldPins = async (tenantId: string) =>
  (
    await api.database.db
      .select({ id: schema.voucherPins.id })
      .from(schema.voucherPins)
      .where(and(eq(schema.voucherPins.tenantId, tenantId), eq(schema.voucherPins.status, 'SOLD')))
  ).length;

const deliveredUnits = async (orderNumber: string) => {
  const [order] = await api.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.orderNumber, orderNumber));
  return (
    await api.database.db
      .select()
      .from(schema.orderUnits)
      .where(and(eq(schema.orderUnits.orderId, order?.id ?? ''), eq(schema.orderUnits.state, 'SUCCEEDED')))
  ).length;
};

async function withEmail(tenant: string, cartName: string, email: string) {
  const answer = await client.call('POST', '/api/shop/rest/checkout-address', tenant, {
    cartName,
    deliveryAddress: { email, language: 'en' },
    language: 'en',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The text of the one mail sent to the address, once it has arrived. */
async function mailTo(email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const response = await fetch(`${api.sandbox.baseUrl}/outbox?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as { text: string }[];
    if (mails.length > 0) {
      expect(mails).toHaveLength(1);
      return mails[0]?.text ?? '';
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail reached ${email}`);
}

interface Line {
  productId: string;
  kind: ProductKind;
  amount: number;
  phoneNumber?: string | null;
}

/**
 * An order written straight into the database as a faulty or future path might leave it: marked
 * paid and needing no payment, with no payment the provider ever confirmed.
 */
async function orderOutsideCheckout(
  tenantId: string,
  lines: Line[],
  totalPrice: number,
  owner: { customerId?: string; paymentTokenId?: string } = {},
) {
  const orderNumber = `OUT-${randomBytes(5).toString('hex').toUpperCase()}`;
  const cartName = randomBytes(18).toString('base64url');
  const [order] = await api.database.db
    .insert(schema.orders)
    .values({
      orderNumber,
      tenantId,
      cartName,
      cartVersion: 1,
      currency: 'EUR',
      summary: priceAlone(totalPrice, { perItem: 0, perCart: 0 }, 'EUR'),
      totalPrice,
      lines: lines.map((line, index) => ({
        itemKey: `line-${index}`,
        product_id: line.productId,
        brand: { brandId: 'outside', name: 'Outside' },
        serviceFee: 0,
        grossAmount: line.amount,
        quantity: 1,
        phoneNumber: null,
        additionalData: {},
        ...line,
      })),
      status: 'paid',
      ...owner,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** Commits the order twice and runs two reconciliation passes, as every path of the shop would. */
async function tryEveryPath(tenant: string, cartName: string, orderNumber: string) {
  const answers = [await commit(tenant, cartName, orderNumber), await commit(tenant, cartName, orderNumber)];
  await api.reconcile();
  await api.reconcile();
  return answers;
}

describe('an item with a price is never delivered unpaid', () => {
  it('a cart with a price cannot become an order without a payment', async () => {
    const topup = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: funkfixNumber() },
    ]);
    const voucher = await client.newCart('ladeplatz', [{ productId: 'pixelpass-voucher-1000' }]);
    const automatic = await client.newCart('funkfix', [
      {
        productId: 'funkfix-automatic',
        amount: 1500,
        phoneNumber: funkfixNumber(),
        autoTopupOption: 'MONTHLY',
        recurringOption: { recurringType: 'MONTHLY', recurringDay: 1 },
      },
    ]);
    const sms = await client.newCart('belwaarde', [
      { productId: 'belwaarde-sms', amount: 1500, phoneNumber: '+31612345678', smsTopupConsent: '1234' },
    ]);
    for (const [tenant, cartName] of [
      ['funkfix', topup],
      ['ladeplatz', voucher],
      ['funkfix', automatic],
      ['belwaarde', sms],
    ] as const) {
      const answer = await client.call('POST', '/api/shop/rest/orders', tenant, { cartName });
      expect(answer).toMatchObject({ status: 409, body: { code: 'PAYMENT_REQUIRED' } });
    }
  });

  it.each([
    ['a top-up', 'funkfix', [{ productId: 'funkfix-topup-1500' }]],
    ['a voucher from stock', 'ladeplatz', [{ productId: 'pixelpass-voucher-1000' }]],
    [
      'a top-up and a voucher',
      'ladeplatz',
      [{ productId: 'pixelpass-voucher-1000' }, { productId: 'funkfix-topup-1000' }],
    ],
  ])('%s: an open or declined payment delivers nothing, whoever asks', async (_case, tenant, products) => {
    const msisdn = funkfixNumber();
    const items = products.map((item) =>
      item.productId.includes('topup') ? { ...item, phoneNumber: msisdn } : item,
    );
    const before = { balance: await balance(msisdn), pins: await soldPins(tenant) };
    const cartName = await client.newCart(tenant, items);
    const started = await client.startPayment(tenant, { cartName, paymentMethod: 'creditcard' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { orderNumber, payerUrl } = started.body as StartedPaymentAnswer;

    for (const answer of await tryEveryPath(tenant, cartName, orderNumber)) {
      expect(answer.body).toMatchObject({ orderStatus: 'paymentPending', creditAdded: 0, voucherPin: null });
    }
    await client.act(payerUrl, 'decline', DECLINED_CARD);
    await client.orderReaches(tenant, orderNumber, cartName, 'failed');
    for (const answer of await tryEveryPath(tenant, cartName, orderNumber)) {
      expect(answer.body).toMatchObject({ creditAdded: 0, amountCharged: 0, voucherPin: null });
    }
    expect(await balance(msisdn)).toBe(before.balance);
    expect(await soldPins(tenant)).toBe(before.pins);
    expect(await deliveredUnits(orderNumber)).toBe(0);
  });

  it.each<[string, string, (msisdn: string) => Line[], number]>([
    [
      'an SMS top-up',
      'belwaarde',
      (msisdn) => [{ productId: 'belwaarde-sms', kind: 'SMS', amount: 1500, phoneNumber: msisdn }],
      1500,
    ],
    [
      'an automatic top-up',
      'funkfix',
      (msisdn) => [{ productId: 'funkfix-automatic', kind: 'AUTOMATIC', amount: 1500, phoneNumber: msisdn }],
      1500,
    ],
    [
      'a top-up beside a free automatic set-up',
      'funkfix',
      (msisdn) => [
        { productId: 'funkfix-topup-1500', kind: 'ONCE_OFF', amount: 1500, phoneNumber: msisdn },
        { productId: 'funkfix-automatic', kind: 'AUTOMATIC', amount: 0, phoneNumber: msisdn },
      ],
      1500,
    ],
    [
      'a voucher beside a free SMS set-up',
      'ladeplatz',
      (msisdn) => [
        { productId: 'pixelpass-voucher-1000', kind: 'VOUCHER', amount: 1000 },
        { productId: 'belwaarde-sms', kind: 'SMS', amount: 0, phoneNumber: msisdn },
      ],
      1000,
    ],
  ])(
    '%s that reaches the commit without any payment delivers nothing',
    async (_case, tenant, lines, total) => {
      const msisdn = funkfixNumber();
      const before = { balance: await balance(msisdn), pins: await soldPins(tenant) };
      const order = await orderOutsideCheckout(tenant, lines(msisdn), total);
      for (const answer of await tryEveryPath(tenant, order.cartName, order.orderNumber)) {
        expect(answer.body).toMatchObject({ creditAdded: 0, amountCharged: 0, voucherPin: null });
        expect(answer.body.orderStatus).not.toMatch(/committed/i);
      }
      expect(await balance(msisdn)).toBe(before.balance);
      expect(await soldPins(tenant)).toBe(before.pins);
      expect(await deliveredUnits(order.orderNumber)).toBe(0);
    },
  );

  it('a payment our own records call captured, but the provider has not confirmed, delivers nothing', async () => {
    const msisdn = funkfixNumber();
    const before = await balance(msisdn);
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: msisdn },
    ]);
    const started = await client.startPayment('funkfix', { cartName, paymentMethod: 'creditcard' });
    const { orderNumber } = started.body as StartedPaymentAnswer;
    const [order] = await api.database.db
      .update(schema.orders)
      .set({ status: 'paid' })
      .where(eq(schema.orders.orderNumber, orderNumber))
      .returning();
    await api.database.db
      .update(schema.payments)
      .set({ state: 'CAPTURED' })
      .where(eq(schema.payments.orderId, order?.id ?? ''));

    for (const answer of await tryEveryPath('funkfix', cartName, orderNumber)) {
      expect(answer.body).toMatchObject({ creditAdded: 0 });
      expect(answer.body.orderStatus).not.toMatch(/committed/i);
    }
    expect(await balance(msisdn)).toBe(before);
    expect(await deliveredUnits(orderNumber)).toBe(0);
  });
});

describe('what needs no payment', () => {
  it('a free set-up delivers nothing and charges nothing', async () => {
    const msisdn = funkfixNumber();
    const before = await balance(msisdn);
    // A free set-up names the account's saved method, which it would charge later.
    const [owner] = await api.database.db
      .select({ customerId: schema.paymentTokens.customerId, paymentTokenId: schema.paymentTokens.id })
      .from(schema.paymentTokens)
      .where(eq(schema.paymentTokens.tenantId, 'belwaarde'))
      .limit(1);
    const order = await orderOutsideCheckout(
      'belwaarde',
      [{ productId: 'belwaarde-sms', kind: 'SMS', amount: 1500, phoneNumber: msisdn }],
      0,
      owner,
    );
    const [first, again] = await tryEveryPath('belwaarde', order.cartName, order.orderNumber);
    expect(first?.body).toMatchObject({ orderStatus: 'committed', creditAdded: 0, amountCharged: 0 });
    expect(again?.body).toMatchObject({ orderStatus: 'ORDER_ALREADY_COMMITTED', creditAdded: 0 });
    expect(await balance(msisdn)).toBe(before);
    const units = await api.database.db
      .select()
      .from(schema.orderUnits)
      .where(eq(schema.orderUnits.orderId, order.id));
    expect(units).toEqual([]);
  });

  it('a cash code delivers its value once, however often it is committed or reconciled', async () => {
    const msisdn = '+445600223344';
    const code = `21${randomBytes(5).readUIntBE(0, 5).toString().padStart(10, '0').slice(0, 10)}`;
    const before = await balance(msisdn);
    const item = { productId: 'callhome-cash-code', amount: 1000, phoneNumber: msisdn, cashCode: code };
    const cartName = await client.newCart('callhome', [item]);
    const email = `cash-${code}@example.com`;
    await withEmail('callhome', cartName, email);
    const order = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const answers = await tryEveryPath('callhome', cartName, order.body.orderNumber);
    expect(answers[0]?.body).toMatchObject({ orderStatus: 'committed', creditAdded: 1000, amountCharged: 0 });
    expect(answers[1]?.body).toMatchObject({ orderStatus: 'ORDER_ALREADY_COMMITTED', creditAdded: 1000 });
    expect(await balance(msisdn)).toBe(before + 1000);

    const receipt = await mailTo(email);
    expect(receipt).toContain('Paid with your cash code: £10');
    expect(receipt).not.toMatch(/goes back|Charged/);

    const secondCart = await client.newCart('callhome', [item]);
    const usedEmail = `used-${code}@example.com`;
    await withEmail('callhome', secondCart, usedEmail);
    const second = await client.call('POST', '/api/shop/rest/orders', 'callhome', { cartName: secondCart });
    const [used] = await tryEveryPath('callhome', secondCart, second.body.orderNumber);
    expect(used?.body).toMatchObject({ orderStatus: 'failed', message: 'cashCodeUsed', creditAdded: 0 });
    expect(await balance(msisdn)).toBe(before + 1000);
    const refusal = await mailTo(usedEmail);
    expect(refusal).toContain('Nothing was charged to you.');
    expect(refusal).not.toMatch(/goes back|Charged|Credit added/);
  });
});
