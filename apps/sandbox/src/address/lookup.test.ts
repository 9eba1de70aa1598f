import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app';
import { KNOWN_POSTCODES } from './addresses';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox();
});
afterAll(() => app.close());

const lookup = (query: { postcode?: string; countryCode?: string }) =>
  app.inject({ method: 'GET', url: '/address/lookup', query });

describe('GET /address/lookup', () => {
  it('answers the streets of a postcode, written as its country writes it', async () => {
    const response = await lookup({ postcode: '10115', countryCode: 'de' });
    expect(response.statusCode).toBe(200);
    const { addresses } = response.json();
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    expect(addresses[0]).toEqual({
      street: 'Invalidenstraße',
      postcode: '10115',
      city: 'Berlin',
      countryCode: 'de',
    });
  });

  it('knows several postcodes of every country the shops serve, each with several streets', async () => {
    const countries = new Set(KNOWN_POSTCODES.map((known) => known.countryCode));
    expect([...countries].sort()).toEqual(['at', 'be', 'de', 'fr', 'gb', 'nl']);
    for (const { countryCode, postcode } of KNOWN_POSTCODES) {
      const { addresses } = (await lookup({ postcode, countryCode })).json();
      expect(addresses.length, `${countryCode} ${postcode}`).toBeGreaterThanOrEqual(3);
      for (const address of addresses) expect(address).toMatchObject({ postcode, countryCode });
    }
  });

  it('finds a postcode whatever its spacing and case, and the country in either case', async () => {
    for (const [postcode, countryCode, city] of [
      ['1012ab', 'NL', 'Amsterdam'],
      ['sw1a1aa', 'gb', 'London'],
      [' 1010 ', 'at', 'Wien'],
      ['1000', 'BE', 'Bruxelles'],
      ['75001', 'fr', 'Paris'],
    ] as const) {
      const { addresses } = (await lookup({ postcode, countryCode })).json();
      expect(addresses[0]?.city, postcode).toBe(city);
    }
    expect((await lookup({ postcode: '1012ab', countryCode: 'nl' })).json().addresses[0].postcode).toBe(
      '1012 AB',
    );
  });

  it('answers an empty list for a postcode or country it does not know', async () => {
    for (const query of [
      { postcode: '99999', countryCode: 'de' },
      { postcode: '10115', countryCode: 'at' },
      { postcode: '10115', countryCode: 'us' },
    ]) {
      const response = await lookup(query);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ addresses: [] });
    }
  });

  it('answers 400 VALIDATION_FAILED without a postcode or a two-letter country', async () => {
    for (const query of [
      { countryCode: 'de' },
      { postcode: ' ', countryCode: 'de' },
      { postcode: '1'.repeat(17), countryCode: 'de' },
      { postcode: '10115' },
      { postcode: '10115', countryCode: 'deu' },
    ]) {
      const response = await lookup(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });
});
