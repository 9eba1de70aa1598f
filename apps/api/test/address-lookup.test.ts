import type { AddressLookupAnswer, AddressLookupQuery } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { createHttpAddressLookup } from '../src/adapters/address-lookup';
import { apiForFile } from './api-for-file';
import { freePort, LIFTED_LIMITS } from './harness';

const api = apiForFile();

const PATH = '/api/shop/rest/address/lookup';

async function lookup(
  query: Partial<Record<keyof AddressLookupQuery, string>>,
  tenant = 'funkfix',
  request = api.request,
) {
  const response = await request(`${PATH}?${new URLSearchParams(query)}`, {
    headers: { 'X-Tenant-Id': tenant },
  });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  return { status: response.status, body: (await response.json()) as any };
}

describe('GET /api/shop/rest/address/lookup', () => {
  it('answers the streets and city of a postcode, without sign-in', async () => {
    const { status, body } = await lookup({
      postcode: '10115',
      countryCode: 'de',
      countryName: 'Deutschland',
    });
    expect(status).toBe(200);
    const answer = body as AddressLookupAnswer;
    expect(answer).toMatchObject({ postcode: '10115', countryCode: 'de' });
    expect(answer.addresses.length).toBeGreaterThanOrEqual(3);
    expect(answer.addresses[0]).toEqual({
      street: 'Invalidenstraße',
      zip: '10115',
      city: 'Berlin',
      countryCode: 'de',
    });
  });

  it('writes the postcode as its country does, and takes the country in either case', async () => {
    const cases = [
      ['belwaarde', '1012ab', 'NL', '1012 AB', 'Amsterdam'],
      ['belwaarde', ' 1000 ', 'be', '1000', 'Bruxelles'],
      ['topnet', 'sw1a1aa', 'gb', 'SW1A 1AA', 'London'],
      ['alpenfunk', '1010', 'AT', '1010', 'Wien'],
      ['rechargeplus', '75001', 'fr', '75001', 'Paris'],
    ] as const;
    for (const [tenant, postcode, countryCode, written, city] of cases) {
      const { status, body } = await lookup({ postcode, countryCode }, tenant);
      expect(status, `${tenant} ${postcode}`).toBe(200);
      const answer = body as AddressLookupAnswer;
      expect(answer.postcode).toBe(written);
      expect(answer.countryCode).toBe(countryCode.toLowerCase());
      expect(answer.addresses[0]).toMatchObject({
        zip: written,
        city,
        countryCode: countryCode.toLowerCase(),
      });
    }
  });

  it('takes the countries of the shop’s phone numbers too', async () => {
    // AlpenFunk is an Austrian shop whose numbers may also be German.
    const { status, body } = await lookup({ postcode: '10115', countryCode: 'de' }, 'alpenfunk');
    expect(status).toBe(200);
    expect((body as AddressLookupAnswer).addresses[0]?.city).toBe('Berlin');
  });

  it('answers an empty list for a postcode nobody knows', async () => {
    const { status, body } = await lookup({ postcode: '99999', countryCode: 'de' });
    expect(status).toBe(200);
    expect(body).toEqual({ postcode: '99999', countryCode: 'de', addresses: [] });
  });

  it('refuses with 400 VALIDATION_FAILED what is no question of this shop', async () => {
    const refused = [
      ['funkfix', {}],
      ['funkfix', { countryCode: 'de' }],
      ['funkfix', { postcode: '', countryCode: 'de' }],
      ['funkfix', { postcode: '10115' }],
      ['funkfix', { postcode: '10115', countryCode: 'us' }],
      ['funkfix', { postcode: '1012 AB', countryCode: 'nl' }],
      ['funkfix', { postcode: '1010', countryCode: 'de' }],
      ['belwaarde', { postcode: '1012', countryCode: 'nl' }],
      ['topnet', { postcode: '10115', countryCode: 'gb' }],
    ] as const;
    for (const [tenant, query] of refused) {
      const { status, body } = await lookup(query, tenant);
      expect(status, `${tenant} ${JSON.stringify(query)}`).toBe(400);
      expect(body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const { body } = await lookup({ postcode: '1012 AB', countryCode: 'nl' });
    expect(body.message).toContain('countryCode');
  });

  it('refuses a missing or unknown tenant with 400 UNKNOWN_TENANT', async () => {
    const response = await api.request(`${PATH}?postcode=10115&countryCode=de`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'UNKNOWN_TENANT' });
  });

  it('counts against the addressLookup limit of the client address', async () => {
    const limited = await api.another({
      overrides: { ...LIFTED_LIMITS, addressLookup: { max: 2, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await lookup({ postcode: '10115', countryCode: 'de' }, 'funkfix', limited.request)).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the postcode service does not answer', async () => {
    const deadPort = `http://127.0.0.1:${await freePort()}`;
    const cut = await api.another(undefined, {
      addressLookup: createHttpAddressLookup({ baseUrl: deadPort, retries: 2, backoffMs: [10] }),
    });
    const { status, body } = await lookup({ postcode: '10115', countryCode: 'de' }, 'funkfix', cut.request);
    expect(status).toBe(503);
    expect(body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  });

  it('appears in the OpenAPI document under account', async () => {
    const document = (await (await api.request('/api/docs/json')).json()) as {
      paths: Record<string, { get?: { tags?: string[]; parameters?: { name: string }[] } }>;
    };
    const route = document.paths[PATH]?.get;
    expect(route?.tags).toEqual(['account']);
    expect(route?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['postcode', 'countryCode', 'countryName']),
    );
  });
});
