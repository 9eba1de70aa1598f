import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { isRecord } from '../validation';
import { parameterInvalid, parameterMissing } from './errors';

/**
 * Stripe's request format: `application/x-www-form-urlencoded` bodies (and query strings) with
 * bracket notation, `metadata[order]=X`, `expand[0]=latest_charge`, read with `qs`. The readers
 * below take one parameter each and raise Stripe's errors for a missing or malformed one; an
 * empty string counts as not given, as Stripe treats it.
 */

export type Params = Record<string, unknown>;

export function acceptStripeForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, qs.parse(body as string));
    },
  );
}

/** The parameters of a request: the body of a POST, the query string of a GET. */
export function paramsOf(request: FastifyRequest): Params {
  if (request.method === 'GET') {
    const query = request.url.split('?')[1] ?? '';
    return qs.parse(query);
  }
  return isRecord(request.body) ? request.body : {};
}

/** Refuses parameters the endpoint does not know, as Stripe does. */
export function allowOnly(params: Params, names: readonly string[]): void {
  const unknown = Object.keys(params).find((name) => !names.includes(name));
  if (unknown !== undefined) {
    throw parameterInvalid(unknown, `Received unknown parameter: ${unknown}`, 'parameter_unknown');
  }
}

function given(params: Params, name: string): unknown {
  const value = params[name];
  return value === '' ? undefined : value;
}

export function optionalText(params: Params, name: string, maxLength = 5000): string | undefined {
  const value = given(params, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw parameterInvalid(name, `Invalid string: ${name} must be a string`);
  if (value.length > maxLength) {
    throw parameterInvalid(name, `Invalid string: must be at most ${maxLength} characters long`);
  }
  return value;
}

export function requiredText(params: Params, name: string, maxLength = 5000): string {
  const value = optionalText(params, name, maxLength);
  if (value === undefined) throw parameterMissing(name);
  return value;
}

export function optionalInteger(params: Params, name: string): number | undefined {
  const value = given(params, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) {
    throw parameterInvalid(name, `Invalid integer: ${String(value)}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

/** A positive amount in the currency's smallest unit. */
export function optionalAmount(params: Params, name: string): number | undefined {
  const value = optionalInteger(params, name);
  if (value !== undefined && value <= 0) {
    throw parameterInvalid(name, 'Invalid positive integer', 'parameter_invalid_integer');
  }
  return value;
}

export function requiredAmount(params: Params, name: string): number {
  const value = optionalAmount(params, name);
  if (value === undefined) throw parameterMissing(name);
  return value;
}

export function optionalBoolean(params: Params, name: string): boolean | undefined {
  const value = given(params, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw parameterInvalid(name, `Invalid boolean: ${String(value)}`);
}

export function optionalChoice<T extends string>(
  params: Params,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = given(params, name);
  if (value === undefined) return undefined;
  const choice = choices.find((item) => item === value);
  if (choice === undefined) {
    throw parameterInvalid(name, `Invalid ${name}: must be one of ${choices.join(', ')}`);
  }
  return choice;
}

/** A three-letter ISO currency code, lower case as Stripe answers it. */
export function requiredCurrency(params: Params): string {
  const value = requiredText(params, 'currency');
  if (!/^[a-zA-Z]{3}$/.test(value)) throw parameterInvalid('currency', `Invalid currency: ${value}`);
  return value.toLowerCase();
}

/** `metadata[key]=value` pairs: up to 50 keys of at most 40 characters, values of at most 500. */
export function metadataOf(params: Params): Record<string, string> {
  const value = given(params, 'metadata');
  if (value === undefined) return {};
  if (!isRecord(value)) throw parameterInvalid('metadata', 'Invalid object');
  const entries = Object.entries(value);
  if (entries.length > 50) throw parameterInvalid('metadata', 'You can specify up to 50 keys in metadata.');
  const metadata: Record<string, string> = {};
  for (const [key, item] of entries) {
    if (key.length > 40)
      throw parameterInvalid(`metadata[${key}]`, 'Metadata keys can be at most 40 characters.');
    if (typeof item !== 'string' || item.length > 500) {
      throw parameterInvalid(
        `metadata[${key}]`,
        'Metadata values must be strings of at most 500 characters.',
      );
    }
    metadata[key] = item;
  }
  return metadata;
}

/** A list such as `payment_method_types[0]=card`, or `expand[]=latest_charge`. */
export function optionalTextList(params: Params, name: string): string[] | undefined {
  const value = given(params, name);
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  if (!items.every((item): item is string => typeof item === 'string' && item !== '')) {
    throw parameterInvalid(name, `Invalid array: ${name} must be a list of strings`);
  }
  return items;
}

/** A nested object parameter, such as `card[number]`. */
export function requiredObject(params: Params, name: string): Params {
  const value = given(params, name);
  if (value === undefined) throw parameterMissing(name);
  if (!isRecord(value)) throw parameterInvalid(name, 'Invalid object');
  return value;
}

/** The fields of `expand` this endpoint can expand; anything else is refused. */
export function expansionsOf(params: Params, expandable: readonly string[]): Set<string> {
  const expand = optionalTextList(params, 'expand') ?? [];
  for (const field of expand) {
    if (!expandable.includes(field)) {
      throw parameterInvalid('expand', `This property cannot be expanded (${field}).`);
    }
  }
  return new Set(expand);
}
