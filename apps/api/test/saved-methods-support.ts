import type { AuthAnswer, PaymentToken } from '@shop/domain/contract';
import { expect } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../src/demo/accounts';
import { checkoutClient, GOOD_CARD, guestAddress } from './checkout-support';
import type { RunningApi } from './harness';
import { waitFor } from './processes';

let counter = 0;
/** A number of the brand (by prefix) no other test uses; never ending in the sandbox's special digits. */
export const freshNumber = (prefix = '+49170', digits = 7) =>
  `${prefix}${String((Date.now() * 7 + counter++ * 131) % 10 ** digits)
    .padStart(digits, '0')
    .replace(/(9999|8888|7777)$/, '1234')}`;

export const CARD = (cardNumber: string, expiry = '12/39') => ({ cardNumber, expiry, cvc: '123' });
export const MASTERCARD = CARD('5555 5555 5555 4444');
/** Saves, and declines every later merchant-initiated charge (docs/sandbox.md). */
export const LATER_DECLINED_CARD = CARD('4000 0000 0000 0341');

/** The calls of a shopper, signed in or not, as the storefront's proxy makes them. */
export function shopperClient(api: RunningApi) {
  const { call } = checkoutClient(api);

  async function signIn(tenant: string, userName = demoUserName(tenant), password = DEMO_PASSWORD) {
    const answer = await call('POST', '/api/auth/authenticate', tenant, { userName, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as AuthAnswer).accessToken as string;
  }

  /** A new confirmed account of the tenant, signed in: its token and e-mail. */
  async function freshAccount(tenant: string) {
    const email = `saver-${Date.now()}-${counter++}@example.org`;
    const password = 'Violet-Harbour-42';
    expect((await call('POST', '/api/auth/register', tenant, { email, password })).status).toBe(200);
    const code = await waitFor(`a code for ${email}`, async () => {
      const [latest] = await api.sandbox.client.outbox(email);
      return latest?.text.match(/\b\d{6}\b/)?.[0];
    });
    expect(
      (await call('POST', '/api/shop/rest/v2/account/confirm', tenant, { userName: email, code })).status,
    ).toBe(200);
    return { email, token: await signIn(tenant, email, password) };
  }

  const methods = async (tenant: string, token: string): Promise<PaymentToken[]> => {
    const answer = await call('GET', '/api/shop/rest/payment-tokens', tenant, undefined, token);
    expect(answer.status).toBe(200);
    return answer.body.paymentTokens;
  };

  /** Saves a card (or, with `extra`, another method) through the provider's page: create, approve, confirm. */
  async function saveCard(
    tenant: string,
    token: string,
    card: object = MASTERCARD,
    extra: Record<string, unknown> = {},
  ) {
    const created = await call(
      'POST',
      '/api/shop/rest/payment-tokens/create',
      tenant,
      { paymentMethod: 'creditcard', ...extra },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await api.sandbox.client.act(created.body.payerUrl, 'approve', card);
    const confirmed = await call(
      'POST',
      '/api/shop/rest/payment-tokens/confirm',
      tenant,
      { id: created.body.id },
      token,
    );
    return { id: created.body.id as string, confirmed };
  }

  const history = async (tenant: string, token: string) =>
    (await call('GET', '/api/shop/rest/orders/history?offset=0&size=15', tenant, undefined, token)).body;

  const autoTopups = async (tenant: string, token: string, query: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/api/topup/autotopup/query', tenant, query, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.rows as Record<string, unknown>[];
  };

  /**
   * The contact step of a cart whose number must be confirmed (a method saved, an automatic
   * top-up): the address, then the code the sandbox received by SMS.
   */
  async function contactConfirmed(
    tenant: string,
    cartName: string,
    number: string,
    token?: string,
    extra = {},
  ) {
    const since = Date.now();
    const address = await call(
      'POST',
      '/api/shop/rest/checkout-address',
      tenant,
      { cartName, deliveryAddress: { ...guestAddress(), phoneNumber: number }, ...extra },
      token,
    );
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    if (address.body.nextStep !== 'OTP') return;
    const otp = await waitFor(`a code for ${number}`, async () => {
      const [latest] = await api.sandbox.client.outbox(number);
      return latest && new Date(latest.sentAt).getTime() >= since - 1000
        ? latest.text.match(/\b\d{6}\b/)?.[0]
        : undefined;
    });
    const verified = await call('POST', '/api/shop/rest/validate-otp', tenant, { cartName, otp }, token);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  }

  return { call, signIn, freshAccount, methods, saveCard, history, autoTopups, contactConfirmed };
}

/** Automatic top-ups set up through the cart, as the storefront does it. */
export function setupClient(api: RunningApi) {
  const shopper = () => shopperClient(api);
  const lowBalance = (productId: string, phoneNumber: string, extra: Record<string, unknown> = {}) => ({
    productId,
    amount: 1500,
    phoneNumber,
    autoTopupOption: 'LOW_BALANCE',
    lowBalanceOption: { lowBalanceLimit: 500 },
    ...extra,
  });

  /** A cart with the item, its number confirmed, paid with a new card at the provider and committed. */
  async function paidSetup(
    tenant: string,
    token: string | undefined,
    item: { phoneNumber: string },
    card = GOOD_CARD,
  ) {
    const { call, contactConfirmed } = shopper();
    const checkout = checkoutClient(api);
    const cartName = await checkout.newCart(tenant, [item]);
    await contactConfirmed(tenant, cartName, item.phoneNumber, token);
    const started = await call(
      'POST',
      '/api/shop/rest/checkout-start-payment',
      tenant,
      { cartName, paymentMethod: 'creditcard' },
      token,
    );
    if (started.status !== 200) return { started };
    const approved = await api.sandbox.client.act(started.body.payerUrl, 'approve', card);
    // A card that asks for 3-D Secure (the sandbox's page, or Stripe's) passes it.
    if (/\/3ds$|\/authenticate\//.test(new URL(approved.redirectUrl).pathname)) {
      await api.sandbox.client.act(approved.redirectUrl, 'complete');
    }
    const commit = () => checkout.commitUntilFinal(tenant, cartName, started.body.orderNumber, {}, token);
    return { started, commit, committed: { body: await commit() }, cartName };
  }

  /** A set-up only item (no top-up now) on the account's saved method: the order, then the commit naming the method. */
  async function freeSetup(
    tenant: string,
    token: string,
    item: { phoneNumber: string },
    paymentToken?: string,
  ) {
    const { call, contactConfirmed } = shopper();
    const checkout = checkoutClient(api);
    const cartName = await checkout.newCart(tenant, [{ ...item, setupOnly: true }]);
    await contactConfirmed(tenant, cartName, item.phoneNumber, token);
    const order = await call('POST', '/api/shop/rest/orders', tenant, { cartName }, token);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const commit = (withToken = paymentToken) =>
      call(
        'POST',
        '/api/shop/rest/payment-commit-order',
        tenant,
        { cartName, orderNumber: order.body.orderNumber, ...(withToken ? { paymentToken: withToken } : {}) },
        token,
      );
    return { cartName, orderNumber: order.body.orderNumber as string, commit };
  }

  return { lowBalance, paidSetup, freeSetup };
}
