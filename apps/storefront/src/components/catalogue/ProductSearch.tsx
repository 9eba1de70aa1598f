'use client';

import { encodeFilters, PRODUCT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@shop/domain';
import type { ProductListing } from '@shop/domain/contract';
import { brandPath } from '@shop/tenants/routes';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { ProductCard } from './ProductCard';

/**
 * Search over the tenant's products: asks the API 500 ms after the shopper stops typing and shows
 * the hits as product cards (linked to their brand's page; a voucher goes in the cart from there).
 */
export function ProductSearch({
  brandRoutes,
  itemFee,
  afterAdding,
}: {
  brandRoutes: Record<string, string>;
  itemFee: number;
  afterAdding: string;
}) {
  const t = useTranslations('common');
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [results, setResults] = useState<ProductListing | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const params = new URLSearchParams({
          filters: encodeFilters({ query: text }),
          page: String(page),
          size: String(PRODUCT_PAGE_SIZE),
        });
        // Loaded with the first search, not with the page (decision 0029).
        const [{ callShopApi }, { productListingSchema }] = await Promise.all([
          import('../../lib/shop-api'),
          import('@shop/domain/contract'),
        ]);
        const result = await callShopApi(`/api/shop/rest/v1/products?${params}`, productListingSchema, {
          signal: controller.signal,
        });
        // A newer search replaced this one, or the call failed: what is shown stays.
        if (result.ok) setResults(result.data);
      } finally {
        if (!controller.signal.aborted) setBusy(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, page]);

  return (
    <search className="product-search">
      <label htmlFor={inputId}>{t('searchLabel')}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('searchPlaceholder')}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(0);
        }}
        data-testid="product-search"
      />
      <p role="status" className="product-search__status">
        {busy ? t('searching') : results ? t('searchResults', { count: results.metadata.totalCount }) : ''}
      </p>
      {results && results.items.length > 0 && (
        <>
          <ul className="product-grid" data-testid="search-results">
            {results.items.map((hit) => (
              <ProductCard
                key={hit.id}
                product={hit}
                brandHref={brandPath(
                  { brandRoutes },
                  { brandId: hit.brand.brandId, categoryId: hit.category.categoryId },
                )}
                itemFee={itemFee}
                afterAdding={afterAdding}
              />
            ))}
          </ul>
          {results.paginationParams.totalPages > 1 && (
            <nav className="pagination" aria-label={t('paginationLabel')}>
              <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t('previousPage')}
              </button>
              <span>{t('pageOf', { page: page + 1, total: results.paginationParams.totalPages })}</span>
              <button
                type="button"
                disabled={page + 1 >= results.paginationParams.totalPages}
                onClick={() => setPage(page + 1)}
              >
                {t('nextPage')}
              </button>
            </nav>
          )}
        </>
      )}
    </search>
  );
}
