import { describe, expect, it } from 'vitest';
import { normalisePostcode } from './postcode';

describe('normalisePostcode', () => {
  it.each([
    ['10115', 'de', '10115'],
    [' 80331 ', 'de', '80331'],
    ['1010', 'at', '1010'],
    ['75001', 'fr', '75001'],
    ['1000', 'be', '1000'],
    ['1012ab', 'nl', '1012 AB'],
    ['1012  Ab', 'nl', '1012 AB'],
    ['sw1a1aa', 'gb', 'SW1A 1AA'],
    ['SW1A 1AA', 'gb', 'SW1A 1AA'],
    ['m11ae', 'gb', 'M1 1AE'],
    ['ec1a 1bb', 'gb', 'EC1A 1BB'],
  ] as const)('writes %s in %s as %s', (input, country, written) => {
    expect(normalisePostcode(input, country)).toBe(written);
  });

  it.each([
    ['1011', 'de'],
    ['101155', 'de'],
    ['10115', 'at'],
    ['ABCDE', 'fr'],
    ['1012', 'nl'],
    ['1012 A1', 'nl'],
    ['SW1A', 'gb'],
    ['12345', 'gb'],
    ['', 'be'],
  ] as const)('refuses %s as a postcode of %s', (input, country) => {
    expect(normalisePostcode(input, country)).toBeUndefined();
  });
});
