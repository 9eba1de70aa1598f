import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperatorSandbox, startOperatorSandbox } from './test-support';
import { oneYearOn } from './vouchers';

let sandbox: OperatorSandbox;
beforeAll(async () => {
  sandbox = await startOperatorSandbox();
});
afterAll(() => sandbox.close());

const issue = (body: Record<string, unknown>) =>
  sandbox.call('POST', '/operator/vouchers', {
    productId: 'funkfix-voucher-15',
    amount: 1500,
    currency: 'EUR',
    ...body,
  });

describe('POST /operator/vouchers', () => {
  it('issues a 16-digit PIN with serial, valid for a year', async () => {
    const response = await issue({ clientReference: 'voucher-1' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      voucherId: expect.stringMatching(/^vch_/),
      clientReference: 'voucher-1',
      productId: 'funkfix-voucher-15',
      pin: expect.stringMatching(/^\d{16}$/),
      serial: expect.stringMatching(/^SN\d{10}$/),
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: 1500,
      currency: 'EUR',
    });
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(response.json.validUntil.startsWith(String(nextYear))).toBe(true);
  });

  it('answers the same voucher with 200 for a repeated reference', async () => {
    const first = await issue({ clientReference: 'voucher-twice' });
    const second = await issue({ clientReference: 'voucher-twice' });
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    const other = await issue({ clientReference: 'voucher-other' });
    expect(other.json.pin).not.toBe(first.json.pin);
  });

  it('answers 409 REFERENCE_REUSED for a used reference with another body', async () => {
    await issue({ clientReference: 'voucher-reused' });
    const response = await issue({ clientReference: 'voucher-reused', amount: 3000 });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ code: 'REFERENCE_REUSED', message: expect.any(String) });
  });

  it('answers 409 OUT_OF_STOCK for a product id containing sold-out, and remembers nothing', async () => {
    const body = { clientReference: 'voucher-sold-out', productId: 'funkfix-voucher-15-sold-out' };
    for (let i = 0; i < 2; i += 1) {
      const response = await issue(body);
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ code: 'OUT_OF_STOCK', message: expect.stringContaining('sold-out') });
    }
    expect((await issue({ clientReference: 'voucher-sold-out' })).status).toBe(201);
  });

  it.each([
    ['clientReference', { clientReference: '' }],
    ['productId', { clientReference: 'v', productId: '  ' }],
    ['amount', { clientReference: 'v', amount: -1 }],
    ['currency', { clientReference: 'v', currency: 'EURO' }],
    ['currency', { clientReference: 'v', currency: 'XYZ' }],
  ])('answers 400 VALIDATION_FAILED naming %s', async (field, body) => {
    const response = await issue(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining(field) });
  });
});

describe('oneYearOn', () => {
  it('is the same day a year later, 1 March for 29 February', () => {
    expect(oneYearOn(new Date('2026-01-31T23:00:00Z'))).toBe('2027-01-31');
    expect(oneYearOn(new Date('2028-02-29T12:00:00Z'))).toBe('2029-03-01');
  });
});
