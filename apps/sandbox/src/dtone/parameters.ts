import { badRequest } from './errors';

/** Checks of query parameters shared by the stand-in's lists; a bad one is DT One's 400 (1000400). */

export function positiveWhole(value: unknown, name: string): number {
  const text = String(value);
  if (!/^[1-9]\d{0,14}$/.test(text)) throw badRequest(`${name} must be a whole number above 0`);
  return Number(text);
}

export function isoCountry(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) {
    throw badRequest('country_iso_code must be an ISO 3166 alpha-3 code in upper case, e.g. DEU');
  }
  return value;
}

export function oneOf(value: unknown, name: string, allowed: readonly string[]): string {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw badRequest(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value;
}
