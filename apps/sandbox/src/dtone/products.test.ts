import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DtoneSandbox, FUNKFIX_15_EUR, FUNKFIX_RANGED, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox();
});
afterAll(() => sandbox.close());

type Listed = { id: number; type: string; destination: { unit: string; amount: unknown } };

describe('GET /dtone/v1/products', () => {
  it('lists an operator’s fixed top-ups of 5 to 50 in its currency', async () => {
    const response = await sandbox.api('GET', '/products?operator_id=4101&type=FIXED_VALUE_RECHARGE');
    expect(response.status).toBe(200);
    const products: Listed[] = response.json;
    expect(products.map((product) => product.id)).toEqual([
      410101, 410102, 410103, 410104, 410105, 410106, 410107,
    ]);
    expect(products.map((product) => product.destination.amount)).toEqual([5, 10, 15, 20, 25, 30, 50]);
    expect(products.every((product) => product.destination.unit === 'EUR')).toBe(true);
    expect(response.headers.get('x-total')).toBe('7');
  });

  it('sells in GBP in the United Kingdom', async () => {
    const products: Listed[] = (await sandbox.api('GET', '/products?country_iso_code=GBR')).json;
    expect(products).toHaveLength(16);
    expect(new Set(products.map((product) => product.destination.unit))).toEqual(new Set(['GBP']));
  });

  it('has one ranged top-up per operator, 5 to 100', async () => {
    const products: Listed[] = (await sandbox.api('GET', '/products?type=RANGED_VALUE_RECHARGE&per_page=100'))
      .json;
    expect(products).toHaveLength(12);
    expect(products[0]?.destination.amount).toEqual({ min: 5, max: 100, increment: 0.01 });
  });

  it('filters by service: mobile (1) and airtime (11) have them all, other services none', async () => {
    const mobile = await sandbox.api('GET', '/products?service_id=1&subservice_id=11');
    expect(mobile.headers.get('x-total')).toBe('96');
    const utilities = await sandbox.api('GET', '/products?service_id=3');
    expect(utilities.json).toEqual([]);
    expect(utilities.headers.get('x-total')).toBe('0');
  });

  it('pages 96 products by 50 with DT One’s headers', async () => {
    const first = await sandbox.api('GET', '/products');
    expect(first.json).toHaveLength(50);
    expect(first.headers.get('x-total')).toBe('96');
    expect(first.headers.get('x-total-pages')).toBe('2');
    expect(first.headers.get('x-per-page')).toBe('50');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('x-prev-page')).toBeNull();
    const second = await sandbox.api('GET', '/products?page=2');
    expect(second.json).toHaveLength(46);
    expect(second.headers.get('x-next-page')).toBeNull();
    expect(second.headers.get('x-prev-page')).toBe('1');
  });

  it('refuses a malformed filter with 400 (1000400)', async () => {
    for (const query of [
      'type=AIRTIME',
      'operator_id=abc',
      'country_iso_code=de',
      'per_page=101',
      'page=0',
    ]) {
      const response = await sandbox.api('GET', `/products?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.errors[0].code).toBe(1000400);
    }
  });
});

describe('GET /dtone/v1/products/{product_id}', () => {
  it('shows a fixed product as DT One does', async () => {
    const response = await sandbox.api('GET', `/products/${FUNKFIX_15_EUR}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: FUNKFIX_15_EUR,
      name: 'FunkFix Germany 15 EUR',
      type: 'FIXED_VALUE_RECHARGE',
      service: { id: 1, name: 'Mobile', subservice: { id: 11, name: 'Airtime' } },
      operator: { id: 4101, name: 'FunkFix Germany', country: { iso_code: 'DEU' } },
      required_credit_party_identifier_fields: [['mobile_number']],
      source: { unit_type: 'CURRENCY', unit: 'EUR', amount: 15 },
      destination: { unit_type: 'CURRENCY', unit: 'EUR', amount: 15 },
      prices: { wholesale: { unit_type: 'CURRENCY', unit: 'EUR', amount: 15, fee: 0 } },
      benefits: [{ type: 'CREDITS', unit: 'EUR', amount: { total_including_tax: 15 } }],
    });
  });

  it('shows the ranged product with its calculation modes', async () => {
    const response = await sandbox.api('GET', `/products/${FUNKFIX_RANGED}`);
    expect(response.json).toMatchObject({
      type: 'RANGED_VALUE_RECHARGE',
      accepted_calculation_modes: ['DESTINATION_AMOUNT', 'SOURCE_AMOUNT'],
      destination: { unit: 'EUR', amount: { min: 5, max: 100, increment: 0.01 } },
    });
  });

  it('answers 404 (1003001) for a product the account does not have', async () => {
    const response = await sandbox.api('GET', '/products/999');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ code: 1003001, message: expect.any(String) }] });
  });
});
