import type { CheckoutAddressAnswer, OrderHistoryAnswer, StartedPaymentAnswer } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { apiForFile } from './api-for-file';
import { checkoutClient, GOOD_CARD, guestAddress } from './checkout-support';

/** Spec §6: a guest opens an account while paying, and the order lands in that account's history. */
const api = apiForFile();
const client = checkoutClient(api);

const PASSWORD = 'Amber-Orchard-3141';
let counter = 0;
const freshEmail = () => `checkout-${Date.now()}-${counter++}@example.org`;

async function call(path: string, tenant: string, body: unknown, token?: string) {
  const response = await api.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Tenant-Id': tenant,
      'X-Forwarded-Host': `${tenant}.localhost:3000`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  return { status: response.status, body: (await response.json()) as any };
}

const contactStep = (tenant: string, cartName: string, extra: Record<string, unknown>) =>
  call('/api/shop/rest/checkout-address', tenant, { cartName, deliveryAddress: guestAddress(extra) });

async function paidWith(tenant: string, cartName: string, token: string | undefined) {
  const started = await call(
    '/api/shop/rest/checkout-start-payment',
    tenant,
    { cartName, paymentMethod: 'creditcard' },
    token,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { payerUrl, orderNumber } = started.body as StartedPaymentAnswer;
  await client.act(payerUrl, 'approve', GOOD_CARD);
  await client.orderReaches(tenant, orderNumber, cartName, 'committed');
  return orderNumber;
}

const history = async (tenant: string, token: string) =>
  (await call('/api/shop/rest/orders/history', tenant, undefined, token)).body as OrderHistoryAnswer;

describe('an account opened at checkout', () => {
  it('signs the guest in, survives a repeated contact step, and gets the paid order in its history', async () => {
    const email = freshEmail();
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' },
    ]);
    const first = await contactStep('funkfix', cartName, { email, createAccount: true, password: PASSWORD });
    expect(first).toMatchObject({
      status: 200,
      body: {
        nextStep: 'PAYMENT',
        authData: { accessToken: expect.any(String), expiresAt: expect.any(String) },
      },
    });
    // A retry of the same step (a double click, a lost answer) signs in to the same account.
    const again = await contactStep('funkfix', cartName, { email, createAccount: true, password: PASSWORD });
    expect(again.status).toBe(200);
    const token = (again.body as CheckoutAddressAnswer).authData?.accessToken as string;

    const orderNumber = await paidWith('funkfix', cartName, token);
    expect((await history('funkfix', token)).orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
    const firstToken = (first.body as CheckoutAddressAnswer).authData?.accessToken as string;
    expect((await history('funkfix', firstToken)).totalCount).toBe(1);

    // The password is never kept with the cart or the order.
    const carts = await api.database.db.execute(
      `select delivery_address::text as a from carts where cart_name = '${cartName}'`,
    );
    expect(JSON.stringify(carts)).not.toContain(PASSWORD);

    // The confirmation code went out; the account signs in by password once confirmed.
    const mails = await api.sandbox.client.outbox(email);
    const confirmation = mails.find((mail) => mail.subject?.includes('Konto'));
    const code = confirmation?.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toBeDefined();
    expect(
      (await call('/api/auth/authenticate', 'funkfix', { userName: email, password: PASSWORD })).body.code,
    ).toBe('ACCOUNT_NOT_CONFIRMED');
    expect(
      (await call('/api/shop/rest/v2/account/confirm', 'funkfix', { userName: email, code })).status,
    ).toBe(200);
    expect(
      (await call('/api/auth/authenticate', 'funkfix', { userName: email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('refuses a taken e-mail, a weak password, and a shop without accounts', async () => {
    const cartName = await client.newCart('funkfix', [
      { productId: 'funkfix-topup-1500', phoneNumber: '+4917012345678' },
    ]);
    expect(
      await contactStep('funkfix', cartName, {
        email: demoUserName('funkfix'),
        createAccount: true,
        password: PASSWORD,
      }),
    ).toMatchObject({ status: 409, body: { code: 'CUSTOMER_DUPLICATION_ERROR' } });
    expect(
      await contactStep('funkfix', cartName, { email: freshEmail(), createAccount: true, password: 'short' }),
    ).toMatchObject({ status: 400, body: { code: 'PASSWORD_TOO_SHORT' } });
    expect(
      await contactStep('funkfix', cartName, { email: freshEmail(), createAccount: true }),
    ).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    const tarifwerk = await client.newCart('tarifwerk', [
      { productId: 'tarifwerk-topup-1500', phoneNumber: '+4916012345678' },
    ]);
    expect(
      await contactStep('tarifwerk', tarifwerk, {
        email: freshEmail(),
        createAccount: true,
        password: PASSWORD,
      }),
    ).toMatchObject({ status: 401, body: { code: 'AUTHORIZATION_REQUIRED' } });
    // Without createAccount nothing changes for a guest.
    expect(await contactStep('funkfix', cartName, {})).toEqual({
      status: 200,
      body: { nextStep: 'PAYMENT' },
    });
  });

  it('puts a signed-in shopper’s order into the history, and a guest’s into none', async () => {
    const signIn = await call('/api/auth/authenticate', 'blitzmobil', {
      userName: demoUserName('blitzmobil'),
      password: DEMO_PASSWORD,
    });
    const token = signIn.body.accessToken as string;
    const before = (await history('blitzmobil', token)).totalCount;
    const mine = await client.newCart('blitzmobil', [
      { productId: 'blitzmobil-topup-1500', phoneNumber: '+4915112340102' },
    ]);
    const orderNumber = await paidWith('blitzmobil', mine, token);
    const guest = await client.newCart('blitzmobil', [
      { productId: 'blitzmobil-topup-1500', phoneNumber: '+4915112340102' },
    ]);
    await paidWith('blitzmobil', guest, undefined);
    const after = await history('blitzmobil', token);
    expect(after.totalCount).toBe(before + 1);
    expect(after.orders[0]?.orderNumber).toBe(orderNumber);
  });
});
