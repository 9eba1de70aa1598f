import fc from 'fast-check';
import type { JsonSchema } from './openapi-routes';

/** A JSON token written into the body as it is (`NaN`, `1e999`, …), which JSON.stringify cannot. */
export class RawToken {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold raw tokens. */
export function jsonText(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawToken)) return item;
    tokens.push(item.text);
    return `@@raw-${tokens.length - 1}@@`;
  });
  return (text ?? 'null').replace(/"@@raw-(\d+)@@"/g, (_whole, index: string) => tokens[Number(index)] ?? '');
}

/** Real ids and values of the running shop, so that some inputs get past the first check. */
export type KnownValues = Record<string, readonly string[]>;

const raw = (text: string) => new RawToken(text);

/** Strings that have broken shops: control characters, odd unicode, injections, the very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\t\n\r',
    '\u0007\b\f\u001b[31m',
    '\u202eevil',
    '\ud800',
    '\udfff\ud800',
    '\ufeff',
    '\uffff',
    '😀'.repeat(40),
    'Ω≈ç√∫˜µ≤≥÷',
    'ﷺ',
    "'; drop table carts; --",
    '" or 1=1 --',
    '../../../etc/passwd',
    '..%2F..%2F',
    '<script>alert(1)</script>',
    '{{7*7}}#{7*7}',
    '%00',
    '%',
    'N/A',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '-1',
    '1e999',
  ),
  // U+0000 somewhere in otherwise plain text: PostgreSQL cannot store it.
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(65, 129, 257, 4_097, 100_000).map((length) => 'x'.repeat(length)),
);

/** Numbers and look-alikes that an amount, a count or a limit must survive. */
export const nastyNumber: fc.Arbitrary<unknown> = fc.constantFrom(
  -1,
  0,
  -0,
  -1500,
  0.5,
  1.5,
  1499.999,
  1e-7,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  '1500',
  '15.00',
  '',
  'NaN',
  'Infinity',
  null,
  true,
  [1500],
  { value: 1500 },
  raw('NaN'),
  raw('Infinity'),
  raw('-Infinity'),
  raw('1e999'),
  raw('-1e999'),
  raw('1E-400'),
  raw('-0'),
  raw('0x10'),
  raw('01500'),
  raw('1500.'),
  raw('+1500'),
  raw('123456789012345678901234567890'),
);

/** Any JSON value, small. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  nastyNumber,
);

function bounds(schema: JsonSchema): { min: number; max: number } {
  const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
  const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
  return {
    min: (schema.minimum ?? -1_000_000) + exclusiveMin,
    max: (schema.maximum ?? 1_000_000) - exclusiveMax,
  };
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (!schema.pattern) return fc.string({ minLength: min, maxLength: max });
  const pattern = new RegExp(schema.pattern);
  // Patterns of this API repeat one class (`^[\w-]+$`), so repeating a match keeps it matching.
  return fc
    .stringMatching(pattern)
    .map((text) => (text.length > 0 && text.length < min ? text.repeat(Math.ceil(min / text.length)) : text))
    .map((text) => text.slice(0, max))
    .filter((text) => text.length >= min && pattern.test(text));
}

/** Values that a schema accepts; a field named like a known id sometimes gets a real one. */
export function validValue(schema: JsonSchema, known: KnownValues, name = ''): fc.Arbitrary<unknown> {
  const generic = validBySchema(schema, known);
  const real = known[name];
  return real?.length ? fc.oneof(fc.constantFrom(...real), generic) : generic;
}

function validBySchema(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, known)));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer': {
      const { min, max } = bounds(schema);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number': {
      const { min, max } = bounds(schema);
      return fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validValue(value, known, key)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const WRONG_TYPES: fc.Arbitrary<unknown> = fc.constantFrom(null, true, 0, 1500, 'text', [], {}, [null], {
  a: 1,
});

/** A value of the schema made wrong in one place (or everywhere). */
export function mutatedValue(schema: JsonSchema, known: KnownValues, name = ''): fc.Arbitrary<unknown> {
  return validValue(schema, known, name).chain((value) => mutate(schema, value, known));
}

/** A value made wrong in one place (or everywhere), guided by its schema. */
export function mutate(schema: JsonSchema, value: unknown, known: KnownValues): fc.Arbitrary<unknown> {
  const anywhere = fc.oneof(WRONG_TYPES, junkValue);
  if (schema.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(schema.properties ?? {});
    const required = (schema.required ?? []).filter((key) => key in record);
    const options: fc.Arbitrary<unknown>[] = [
      anywhere,
      // An extra field, named harmlessly or dangerously.
      fc
        .tuple(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor')), junkValue)
        .map(([key, extra]) => {
          const copy = { ...record };
          Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true });
          return copy;
        }),
    ];
    if (required.length) {
      options.push(
        fc.constantFrom(...required).map((key) => {
          const { [key]: _dropped, ...rest } = record;
          return rest;
        }),
      );
    }
    if (keys.length) {
      options.push(
        fc.constantFrom(...keys).chain((key) => {
          const propertySchema = schema.properties?.[key] ?? {};
          return mutatedValue(propertySchema, known, key).map((bad) => ({ ...record, [key]: bad }));
        }),
      );
    }
    return fc.oneof(...options);
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    const options: fc.Arbitrary<unknown>[] = [
      anywhere,
      fc.constant([]),
      fc.constantFrom(51, 1_000).map((length) => Array.from({ length }, () => value[0] ?? {})),
    ];
    if (value.length) {
      options.push(
        fc
          .tuple(fc.nat(value.length - 1), mutatedValue(schema.items ?? {}, known))
          .map(([index, bad]) => value.map((item, at) => (at === index ? bad : item))),
      );
    }
    return fc.oneof(...options);
  }
  if (schema.type === 'integer' || schema.type === 'number') return fc.oneof(nastyNumber, anywhere);
  if (schema.type === 'string') {
    const tooLong = schema.maxLength === undefined ? [] : [fc.constant('9'.repeat(schema.maxLength + 1))];
    return fc.oneof(nastyString, anywhere, ...tooLong);
  }
  return anywhere;
}

/** Percent-encoding of any string (a lone surrogate goes as U+FFFD, as a browser would send it). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Text values for a path segment, a query parameter or a header, encoded as they go on the wire. */
export function nastyUrlText(): fc.Arbitrary<string> {
  return fc.oneof(
    nastyString.map(percentEncode),
    // As they are: traversal, broken escapes, an encoded slash, a NUL, broken UTF-8.
    fc.constantFrom('..', '.', '%', '%zz', '%2F', '%2e%2e', '%00', '%E0%A4%A', '%C0%AF', '%FF', ';', '*'),
  );
}

/** Any value a header can carry on the wire (no CR, LF or NUL; latin-1 above ASCII). */
export const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 40,
  }),
  fc.constantFrom(
    '',
    ' ',
    'FUNKFIX',
    ' funkfix ',
    'funkfix, belwaarde',
    'unknown-shop',
    '__proto__',
    'constructor',
    'toString',
    'x'.repeat(8_000),
  ),
);
export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/vnd.api+json',
  'application/json;;;',
  'application/xml',
  '*/*',
  'junk',
  '',
];
/** application/json mostly; else another type, or none at all (undefined). */
export const contentType = fc.oneof(
  { arbitrary: fc.constant<string | undefined>('application/json'), weight: 6 },
  { arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined), weight: 2 },
);

export const BROKEN_JSON = [
  '{',
  '{"items": [',
  'NaN',
  '{"a": NaN}',
  "{'a': 1}",
  '{a: 1}',
  '[1, 2,]',
  '{"a": 1,}',
  '\u0000',
  '',
  ' ',
  'null',
  'true',
  '"text"',
  '[]',
  '{"a": 1}{"b": 2}',
  '\ufeff{}',
  '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": "\\x41"}',
];

/** Bodies nested thousands of levels deep, bare or inside a real field. */
export const deepBody = fc
  .tuple(fc.constantFrom(1_000, 100_000), fc.constantFrom('array', 'object', 'item'))
  .map(([depth, shape]) => {
    if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return shape === 'object' ? nested : `{"items":[{"productId":${nested}}]}`;
  });

/** Bodies past the route's limit, as one long string field or as many fields. */
export const hugeBody = (limit: number) =>
  fc
    .constantFrom('string', 'fields')
    .map((shape) =>
      shape === 'string'
        ? `{"items":[{"productId":"${'x'.repeat(limit + 1024)}"}]}`
        : `{${Array.from({ length: Math.ceil(limit / 16) }, (_, index) => `"k${index}":${index}`).join(',')}}`,
    );
