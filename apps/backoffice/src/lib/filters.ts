/** A list's filters as the URL keeps them: only the ones given, so a reload shows the same list. */
export type Filters<Key extends string> = Partial<Record<Key, string>>;

/** The filters of `keys` the URL's query holds, empty ones left out. */
export function readFilters<Key extends string>(params: URLSearchParams, keys: readonly Key[]): Filters<Key> {
  const filters: Filters<Key> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The URL query of these filters, empty ones left out, in a stable order. */
export function filtersQuery(
  filters: Readonly<Record<string, string | number | undefined>>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text) params.set(key, text);
  }
  return params;
}

/** A page of a list, read from the URL: offset 0 and `size` rows unless it says otherwise. */
export function readPage(params: URLSearchParams, defaultSize = 20): { offset: number; size: number } {
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value >= 0 ? value : undefined;
  };
  const size = number('size');
  return { offset: number('offset') ?? 0, size: size && size <= 100 ? size : defaultSize };
}
