import { describe, expect, it } from 'vitest';
import { addressLines, addressProblems, isPostcodeOf, type PostalAddress } from './address';

const berlin: PostalAddress = {
  zip: '10115',
  city: 'Berlin',
  street: 'Invalidenstraße',
  houseNumber: '12a',
  countryCode: 'DE',
};
const strict = { houseNumberOptional: false };

describe('isPostcodeOf', () => {
  it.each([
    ['10115', 'DE'],
    ['1010', 'at'],
    ['1000', 'BE'],
    ['75001', 'FR'],
    ['1012 AB', 'NL'],
    ['1012ab', 'NL'],
    ['SW1A 1AA', 'GB'],
    ['m1 1ae', 'GB'],
    ['00-950', 'PL'],
  ])('takes %s in %s', (zip, country) => {
    expect(isPostcodeOf(zip, country)).toBe(true);
  });

  it.each([
    ['1011', 'DE'],
    ['10115', 'AT'],
    ['1012', 'NL'],
    ['12345', 'GB'],
    [' ', 'PL'],
  ])('refuses %s in %s', (zip, country) => {
    expect(isPostcodeOf(zip, country)).toBe(false);
  });
});

describe('addressProblems', () => {
  it('finds nothing wrong with a whole address, nor with none at all', () => {
    expect(addressProblems(berlin, strict)).toEqual({});
    expect(
      addressProblems({ zip: '', city: ' ', street: '', houseNumber: '', countryCode: 'DE' }, strict),
    ).toEqual({});
  });

  it('asks for the rest once a part is given', () => {
    expect(
      addressProblems({ zip: '', city: 'Berlin', street: '', houseNumber: '', countryCode: 'DE' }, strict),
    ).toEqual({ zip: 'postcodeRequired', street: 'streetRequired', houseNumber: 'houseNumberRequired' });
  });

  it('checks the postcode against the chosen country', () => {
    expect(addressProblems({ ...berlin, countryCode: 'AT' }, strict)).toEqual({ zip: 'postcodeInvalid' });
  });

  it('lets the house number out where the tenant has streets without numbers', () => {
    const noNumber = { ...berlin, houseNumber: '' };
    expect(addressProblems(noNumber, strict)).toEqual({ houseNumber: 'houseNumberRequired' });
    expect(addressProblems(noNumber, { houseNumberOptional: true })).toEqual({});
  });
});

describe('addressLines', () => {
  it('writes the street before the number, then postcode and town', () => {
    expect(addressLines(berlin)).toEqual(['Invalidenstraße 12a', '10115 Berlin']);
  });

  it('puts the number first in Britain and France, and the town before the postcode in Britain', () => {
    expect(
      addressLines({
        zip: 'NW1 6XE',
        city: 'London',
        street: 'Baker Street',
        houseNumber: '221B',
        countryCode: 'gb',
      }),
    ).toEqual(['221B Baker Street', 'London NW1 6XE']);
    expect(
      addressLines({
        zip: '75001',
        city: 'Paris',
        street: 'rue de Rivoli',
        houseNumber: '12',
        countryCode: 'FR',
      }),
    ).toEqual(['12 rue de Rivoli', '75001 Paris']);
  });

  it('leaves out what is not given', () => {
    expect(addressLines({ ...berlin, houseNumber: '', zip: '' })).toEqual(['Invalidenstraße', 'Berlin']);
    expect(addressLines({ zip: '', city: '', street: '', houseNumber: '', countryCode: 'DE' })).toEqual([]);
  });
});
