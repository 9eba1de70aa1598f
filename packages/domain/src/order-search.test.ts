import { describe, expect, it } from 'vitest';
import { readOrderSearch } from './order-search';

describe('a back-office search text', () => {
  it('reads an order number in any case', () => {
    expect(readOrderSearch(' fun-7k3m9qx2 ', ['de'])).toEqual({ orderNumber: 'FUN-7K3M9QX2', msisdns: [] });
  });

  it('reads an e-mail address in lower case', () => {
    expect(readOrderSearch('Demo@FunkFix.example', ['de'])).toEqual({
      email: 'demo@funkfix.example',
      msisdns: [],
    });
  });

  it('reads a phone number as staff type it, in the countries of the tenants searched', () => {
    for (const typed of ['0170 1234 0101', '+49 170 12340101', '0049 170 12340101', '4917012340101']) {
      expect(readOrderSearch(typed, ['de']).msisdns, typed).toEqual(['+4917012340101']);
    }
    expect(readOrderSearch('06 12340108', ['nl']).msisdns).toEqual(['+31612340108']);
    // A national number reads in every country searched that it is valid in.
    expect(readOrderSearch('0612340109', ['fr', 'nl', 'fr']).msisdns.sort()).toEqual([
      '+31612340109',
      '+33612340109',
    ]);
  });

  it('matches nothing with text that is none of them', () => {
    expect(readOrderSearch('hello', ['de'])).toEqual({ msisdns: [] });
    expect(readOrderSearch('0170', ['de'])).toEqual({ msisdns: [] });
  });
});
