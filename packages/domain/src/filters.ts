/** Spec §9: products per search page, and the pause after typing before a search starts. */
export const PRODUCT_PAGE_SIZE = 15;
export const SEARCH_DEBOUNCE_MS = 500;

/** Spec §3, §9: the object type searched for when the filters name none. */
export const DEFAULT_OBJECT_TYPE = 'variant';

/** The object type is called `objectType` in the shop and `object-type` on the wire. */
const OBJECT_TYPE = 'objectType';
const OBJECT_TYPE_WIRE = 'object-type';

type FilterValue = string | number | undefined | null;

const isEmpty = (value: FilterValue): value is '' | undefined | null =>
  value === undefined || value === null || value === '';

/**
 * Spec §5: product filters as comma-separated `key=value` pairs, with empty values skipped and the
 * object type (by default variant) first, written as `object-type`. Values are URL-encoded so that
 * a comma or equals sign in a value survives; keys are written as given.
 */
export function encodeFilters(filters: Readonly<Record<string, FilterValue>>): string {
  const objectType = [filters[OBJECT_TYPE], filters[OBJECT_TYPE_WIRE]].find((value) => !isEmpty(value));
  const pairs = [`${OBJECT_TYPE_WIRE}=${encodeURIComponent(objectType ?? DEFAULT_OBJECT_TYPE)}`];
  for (const [key, value] of Object.entries(filters)) {
    if (key === OBJECT_TYPE || key === OBJECT_TYPE_WIRE || isEmpty(value)) continue;
    pairs.push(`${key}=${encodeURIComponent(value)}`);
  }
  return pairs.join(',');
}

export type DecodedFilters =
  | { ok: true; filters: Record<string, string> }
  | { ok: false; field: string; message: string };

/**
 * The inverse of {@link encodeFilters}: `object-type` comes back as `objectType` (by default
 * variant, and always first), empty values are skipped and values are URL-decoded. A pair without
 * `=`, an empty key, a key given twice or a malformed escape is refused, naming the key (or
 * `filters` when there is none). Keys are case-sensitive.
 */
export function decodeFilters(encoded: string | undefined): DecodedFilters {
  const decoded = new Map<string, string>([[OBJECT_TYPE, DEFAULT_OBJECT_TYPE]]);
  const seen = new Set<string>();
  const pairs = encoded ? encoded.split(',') : [];
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 0) {
      return { ok: false, field: pair || 'filters', message: `Filter "${pair}" is not a key=value pair` };
    }
    const key = pair.slice(0, separator);
    if (key === '') return { ok: false, field: 'filters', message: 'A filter has an empty key' };
    const name = key === OBJECT_TYPE_WIRE ? OBJECT_TYPE : key;
    if (seen.has(name)) return { ok: false, field: key, message: `Filter "${key}" is given twice` };
    seen.add(name);
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(separator + 1));
    } catch {
      return { ok: false, field: key, message: `Filter "${key}" has a malformed escape` };
    }
    if (value !== '') decoded.set(name, value);
  }
  return { ok: true, filters: Object.fromEntries(decoded) };
}
