import type { DetailedCart, ErrorEnvelope } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';

/**
 * Decision 0027: a top-up (or cash code) of a brand never goes in the cart with a number that
 * the operator's look-up names for another brand (numbering plan: docs/sandbox.md).
 */
const api = apiForFile();

const FUNKFIX_NUMBER = '+4917012345678';
const BLITZ_NUMBER = '+4915112345678';
/** Sold by no tenant. */
const FUNKWELLE_NUMBER = '+4917612345678';
/** No brand owns +49172. */
const NOBODYS_NUMBER = '+4917212345678';

async function post(path: string, tenant: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await api.request(path, {
    method: 'POST',
    headers: { 'X-Tenant-Id': tenant, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as DetailedCart & Partial<ErrorEnvelope>,
  };
}
const addV1 = (tenant: string, items: unknown[]) => post('/api/shop/rest/addToCart', tenant, { items });
const addV2 = (tenant: string, body: { cartName?: string; items: unknown[] }) =>
  post('/api/shop/rest/v2/addToCart', tenant, body);
const getCart = async (tenant: string, cartName: string) =>
  (await (
    await api.request(`/api/shop/rest/v2/carts/${cartName}`, { headers: { 'X-Tenant-Id': tenant } })
  ).json()) as DetailedCart;

const refusal = {
  status: 400,
  body: { code: 'PHONE_NUMBER_OF_OTHER_OPERATOR', message: expect.any(String) },
};

describe('a top-up for a number of another operator (decision 0027)', () => {
  it('addToCart refuses a FunkFix top-up for a Blitz Mobil number and takes a FunkFix number', async () => {
    const refused = await addV1('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber: BLITZ_NUMBER }]);
    expect(refused).toMatchObject(refusal);
    expect(refused.body.message).toContain('Blitz Mobil');

    const taken = await addV1('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber: FUNKFIX_NUMBER }]);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await getCart('funkfix', taken.body.cartName)).items).toEqual([
      expect.objectContaining({ productId: 'funkfix-topup-1500', phoneNumber: FUNKFIX_NUMBER }),
    ]);
  });

  it('refuses the whole request when a second item has the wrong number, and keeps the cart', async () => {
    const cart = await addV2('funkfix', {
      items: [{ productId: 'funkfix-topup-1000', phoneNumber: FUNKFIX_NUMBER }],
    });
    expect(cart.status).toBe(200);
    const refused = await addV2('funkfix', {
      cartName: cart.body.cartName,
      items: [
        { productId: 'funkfix-topup-500', phoneNumber: FUNKFIX_NUMBER },
        { productId: 'funkfix-topup-any', amount: 1700, phoneNumber: BLITZ_NUMBER },
      ],
    });
    expect(refused).toMatchObject(refusal);
    expect(refused.body.message).toMatch(/^items\[1\]\.phoneNumber: /);
    expect(await getCart('funkfix', cart.body.cartName)).toEqual(cart.body);
  });

  it('refuses on every call that adds items: v2, createCart with its own phone number', async () => {
    const item = { productId: 'funkfix-topup-1500', phoneNumber: BLITZ_NUMBER };
    expect(await addV2('funkfix', { items: [item] })).toMatchObject(refusal);
    expect(
      await post('/api/shop/createCart', 'funkfix', {
        phoneNumber: BLITZ_NUMBER.slice(1),
        items: [{ productId: 'funkfix-topup-1500' }],
      }),
    ).toMatchObject(refusal);
    expect(
      await post(
        '/api/shop/rest/addToCart',
        'funkfix',
        { items: [item] },
        { 'Idempotency-Key': 'wrong-1234' },
      ),
    ).toMatchObject(refusal);
  });

  it.each([
    ['without +', '4915112345678'],
    ['with 00', '004915112345678'],
    ['with spaces', '+49 151 1234 5678'],
    ['with dashes and brackets', '+49 (151) 1234-5678'],
    ['with dots', '+49.151.12345678'],
    ['with spaces around it', ' +4915112345678 '],
  ])('refuses a Blitz Mobil number written %s', async (_case, phoneNumber) => {
    expect(await addV1('funkfix', [{ productId: 'funkfix-topup-1500', phoneNumber }])).toMatchObject(refusal);
  });

  it('on a multi-brand shop, takes each brand with its own numbers only', async () => {
    const taken = await addV2('ladeplatz', {
      items: [
        { productId: 'funkfix-topup-1500', phoneNumber: FUNKFIX_NUMBER },
        { productId: 'blitzmobil-topup-1500', phoneNumber: BLITZ_NUMBER },
      ],
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    for (const [productId, phoneNumber] of [
      ['funkfix-topup-1500', BLITZ_NUMBER],
      ['blitzmobil-topup-1500', FUNKFIX_NUMBER],
      ['tarifwerk-topup-1500', FUNKWELLE_NUMBER],
    ]) {
      expect(await addV2('ladeplatz', { items: [{ productId, phoneNumber }] }), productId).toMatchObject(
        refusal,
      );
    }
  });

  it("applies to cash codes, which credit the brand's numbers too", async () => {
    const cashCode = (phoneNumber: string, code: string) => ({
      productId: 'callhome-cash-code',
      amount: 1000,
      phoneNumber,
      cashCode: code,
    });
    expect(await addV2('callhome', { items: [cashCode('+447712345678', '201111111111')] })).toMatchObject(
      refusal,
    );
    const taken = await addV2('callhome', { items: [cashCode('+445612345678', '201111111111')] });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('leaves vouchers, and numbers no brand owns, to go on', async () => {
    const voucher = await addV2('ladeplatz', {
      items: [{ productId: 'pixelpass-voucher-1000', phoneNumber: BLITZ_NUMBER }],
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    const nobodys = await addV2('funkfix', {
      items: [{ productId: 'funkfix-topup-1500', phoneNumber: NOBODYS_NUMBER }],
    });
    expect(nobodys.status, JSON.stringify(nobodys.body)).toBe(200);
  });

  // Last: it stops this file's sandbox.
  it('lets a number go on unchecked while the operator is down, but keeps a recent refusal', async () => {
    await api.sandbox.app.close();
    const unseen = await addV2('funkfix', {
      items: [{ productId: 'funkfix-topup-1500', phoneNumber: '+4917099887766' }],
    });
    expect(unseen.status, JSON.stringify(unseen.body)).toBe(200);
    expect(
      await addV2('funkfix', { items: [{ productId: 'funkfix-topup-1500', phoneNumber: BLITZ_NUMBER }] }),
    ).toMatchObject(refusal);
  });
});
