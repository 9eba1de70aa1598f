import { describe, expect, it } from 'vitest';
import { filtersQuery, readFilters, readPage } from './filters';

describe('readFilters', () => {
  it('keeps the filters given, trimmed, and leaves out empty and unknown ones', () => {
    const params = new URLSearchParams('q=+0170+1234+&status=&shopId=funkfix&other=x');
    expect(readFilters(params, ['q', 'status', 'shopId'] as const)).toEqual({
      q: '0170 1234',
      shopId: 'funkfix',
    });
  });
});

describe('filtersQuery', () => {
  it('writes only what is set, so the URL stays short', () => {
    expect(filtersQuery({ q: '0170 1234', status: '', shopId: undefined, offset: 20 }).toString()).toBe(
      'q=0170+1234&offset=20',
    );
  });

  it('reads back what it wrote', () => {
    const filters = { q: 'kim@example.com', from: '2026-01-01' };
    expect(readFilters(filtersQuery(filters), ['q', 'from'] as const)).toEqual(filters);
  });
});

describe('readPage', () => {
  it('starts at the first page of 20 rows', () => {
    expect(readPage(new URLSearchParams())).toEqual({ offset: 0, size: 20 });
  });

  it('takes an offset and a size from the URL, and ignores ones the API would refuse', () => {
    expect(readPage(new URLSearchParams('offset=40&size=50'))).toEqual({ offset: 40, size: 50 });
    expect(readPage(new URLSearchParams('offset=-1&size=1000'))).toEqual({ offset: 0, size: 20 });
    expect(readPage(new URLSearchParams('offset=abc&size=0'))).toEqual({ offset: 0, size: 20 });
  });
});
