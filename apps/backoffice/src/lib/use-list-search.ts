import { useSearchParams } from 'react-router';
import { type Filters, filtersQuery, readFilters, readPage } from './filters';

/**
 * A list's filters and page, kept in the URL's query: a reload, a link or the back button show
 * the same list. A new search starts at the first page.
 */
export function useListSearch<Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, keys);
  const page = readPage(params);
  return {
    filters,
    page,
    /** Changes whenever the URL's filters do, to start a filter form afresh from them. */
    formKey: keys.map((key) => filters[key] ?? '').join('\u0000'),
    search: (next: Filters<Key>) => setParams(filtersQuery(next)),
    turnTo: (offset: number) => setParams(filtersQuery({ ...filters, offset: offset || undefined })),
  };
}
