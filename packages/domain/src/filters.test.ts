import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OBJECT_TYPE,
  decodeFilters,
  encodeFilters,
  PRODUCT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
} from './filters';

describe('product search constants (spec §9)', () => {
  it('pages by 15, waits 500 ms and searches variants by default', () => {
    expect(PRODUCT_PAGE_SIZE).toBe(15);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(DEFAULT_OBJECT_TYPE).toBe('variant');
  });
});

describe('encodeFilters (spec §5)', () => {
  it.each<[Record<string, string | number | undefined | null>, string]>([
    [{ brand: 'funkfix', category: '', objectType: undefined }, 'object-type=variant,brand=funkfix'],
    [{}, 'object-type=variant'],
    [{ objectType: 'product' }, 'object-type=product'],
    [
      { brand: 'funkfix', objectType: 'product', category: 'mobile' },
      'object-type=product,brand=funkfix,category=mobile',
    ],
    [{ category: 'mobile', brand: 'funkfix' }, 'object-type=variant,category=mobile,brand=funkfix'],
    [{ objectType: null, brand: null, category: undefined, country: '' }, 'object-type=variant'],
    [{ objectType: '', 'object-type': 'product' }, 'object-type=product'],
    [{ amount: 15, minAmount: 0 }, 'object-type=variant,amount=15,minAmount=0'],
    [{ brand: 'Funk, Fix=1 €' }, 'object-type=variant,brand=Funk%2C%20Fix%3D1%20%E2%82%AC'],
  ])('encodes %j as %j', (filters, expected) => {
    expect(encodeFilters(filters)).toBe(expected);
  });
});

describe('decodeFilters', () => {
  it.each<[string | undefined, Record<string, string>]>([
    [undefined, { objectType: 'variant' }],
    ['', { objectType: 'variant' }],
    ['object-type=variant,brand=funkfix', { objectType: 'variant', brand: 'funkfix' }],
    ['brand=funkfix', { objectType: 'variant', brand: 'funkfix' }],
    ['brand=funkfix,object-type=product', { objectType: 'product', brand: 'funkfix' }],
    ['objectType=product', { objectType: 'product' }],
    ['object-type=,brand=', { objectType: 'variant' }],
    ['Brand=a,brand=b', { objectType: 'variant', Brand: 'a', brand: 'b' }],
    ['brand=Funk%2C%20Fix%3D1%20%E2%82%AC', { objectType: 'variant', brand: 'Funk, Fix=1 €' }],
    ['token=abc=', { objectType: 'variant', token: 'abc=' }],
  ])('decodes %j', (encoded, filters) => {
    const result = decodeFilters(encoded);
    expect(result).toEqual({ ok: true, filters });
    expect(Object.keys(result.ok ? result.filters : {})).toEqual(Object.keys(filters));
  });

  it.each<[string, string]>([
    ['brand', 'brand'],
    ['object-type=variant,brand', 'brand'],
    ['brand=funkfix,', 'filters'],
    [',brand=funkfix', 'filters'],
    ['=funkfix', 'filters'],
    ['brand=a,brand=b', 'brand'],
    ['objectType=a,object-type=b', 'object-type'],
    ['brand=%E2%82', 'brand'],
    ['brand=100%', 'brand'],
  ])('refuses %j, naming %s', (encoded, field) => {
    expect(decodeFilters(encoded)).toEqual({ ok: false, field, message: expect.any(String) });
  });

  it('round-trips what encodeFilters writes', () => {
    const filters = { objectType: 'product', brand: 'Funk, Fix', category: 'a=b', country: 'de' };
    expect(decodeFilters(encodeFilters(filters))).toEqual({ ok: true, filters });
    expect(decodeFilters(encodeFilters({ brand: 'funkfix' }))).toEqual({
      ok: true,
      filters: { objectType: 'variant', brand: 'funkfix' },
    });
  });
});
