import { describe, expect, it } from 'vitest';
import { flagCountry, parseLocale, resolveLanguage } from './locale';

describe('parseLocale', () => {
  it('splits xx-YY into language and country', () => {
    expect(parseLocale('de-AT')).toEqual({ language: 'de', country: 'AT' });
    expect(parseLocale('NL_be')).toEqual({ language: 'nl', country: 'BE' });
  });
  it('leaves the country undefined for a bare language', () => {
    expect(parseLocale('fr')).toEqual({ language: 'fr', country: undefined });
  });
});

describe('resolveLanguage', () => {
  const offered = ['nl', 'en'] as const;
  it('answers the default for "default" and for nothing', () => {
    expect(resolveLanguage('default', offered, 'nl')).toBe('nl');
    expect(resolveLanguage('DEFAULT', offered, 'nl')).toBe('nl');
    expect(resolveLanguage(undefined, offered, 'nl')).toBe('nl');
  });
  it('lower-cases and uses the language part of xx-YY', () => {
    expect(resolveLanguage('EN', offered, 'nl')).toBe('en');
    expect(resolveLanguage('en-GB', offered, 'nl')).toBe('en');
  });
  it('answers undefined for a language the tenant does not offer', () => {
    expect(resolveLanguage('pl', offered, 'nl')).toBeUndefined();
  });
});

describe('flagCountry', () => {
  it('shows uk and en as gb and other codes as themselves', () => {
    expect(flagCountry('uk')).toBe('gb');
    expect(flagCountry('en')).toBe('gb');
    expect(flagCountry('DE')).toBe('de');
  });
});
