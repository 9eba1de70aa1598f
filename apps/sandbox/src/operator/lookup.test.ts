import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox();
});
afterAll(() => app.close());

const lookup = (msisdn: string) => app.inject({ method: 'GET', url: `/operator/lookup/${msisdn}` });

describe('GET /operator/lookup/{msisdn}', () => {
  it.each([
    ['%2B4917012345678', '+4917012345678', 'de', 'funkfix', 'FunkFix'],
    ['4915112345678', '+4915112345678', 'de', 'blitzmobil', 'Blitz Mobil'],
    ['%2B4916012345678', '+4916012345678', 'de', 'tarifwerk', 'Tarifwerk'],
    ['%2B4917612345678', '+4917612345678', 'de', 'funkwelle', 'Funkwelle'],
    ['%2B436601234567', '+436601234567', 'at', 'alpenfunk', 'AlpenFunk'],
    ['%2B31612345678', '+31612345678', 'nl', 'belwaarde', 'BelWaarde'],
    ['%2B32470123456', '+32470123456', 'be', 'belwaarde', 'BelWaarde'],
    ['%2B33612345678', '+33612345678', 'fr', 'rechargeplus', 'Recharge Plus'],
    ['33712345678', '+33712345678', 'fr', 'rechargeplus', 'Recharge Plus'],
    ['%2B447700900123', '+447700900123', 'gb', 'topnet', 'TopNet'],
    ['%2B445612345678', '+445612345678', 'gb', 'callhome', 'CallHome'],
  ])('answers the owner of %s', async (path, msisdn, country, brandId, brandName) => {
    const response = await lookup(path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msisdn, country, brandId, brandName });
  });

  it('answers 404 UNKNOWN_NUMBER for a number no brand owns', async () => {
    for (const msisdn of ['%2B4930123456', '%2B15551234567', '41791234567']) {
      const response = await lookup(msisdn);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'UNKNOWN_NUMBER', message: expect.any(String) });
    }
  });

  it('answers 400 VALIDATION_FAILED for something that is not a phone number', async () => {
    for (const msisdn of ['hello', '%2B49-170-123', '12345', '1234567890123456', '%2B%2B4917012345678']) {
      const response = await lookup(msisdn);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('answers a look-up without a number with the not-found envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/operator/lookup' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});
