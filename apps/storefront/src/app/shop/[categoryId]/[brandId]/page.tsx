import type { ProductListing } from '@shop/domain/contract';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { BrandArt } from '../../../../components/catalogue/BrandArt';
import { ProductList } from '../../../../components/catalogue/ProductList';
import { TopupSection } from '../../../../components/topup/TopupSection';
import { fetchProducts } from '../../../../lib/catalogue';
import { pageIndex, type SearchParams, topupDataFilter, topupStart } from '../../../../lib/page-query';
import { requireTenant } from '../../../../lib/tenant';

type BrandParams = Promise<{ categoryId: string; brandId: string }>;

/** The page of the brand's listing that the page shows, asked once per request for page and title. */
const brandListing = cache(
  async (categoryId: string, brandId: string, topupData: boolean, page: number): Promise<ProductListing> =>
    fetchProducts(
      await requireTenant(),
      { category: categoryId, brand: brandId, ...(topupData ? { topupData: 'valid' as const } : {}) },
      page,
    ),
);

const listingFor = ({ categoryId, brandId }: { categoryId: string; brandId: string }, query: SearchParams) =>
  brandListing(categoryId, brandId, 'topupData' in topupDataFilter(query), pageIndex(query));

/** The brand's name as the page's title. */
export async function generateMetadata({
  params,
  searchParams,
}: {
  params: BrandParams;
  searchParams: Promise<SearchParams>;
}): Promise<Metadata> {
  const listing = await listingFor(await params, await searchParams);
  return listing.items[0] ? { title: listing.items[0].brand.name } : {};
}

/** A brand's products within a category (spec §2 `/shop/{categoryId}/{brandId}`). */
export default async function BrandPage({
  params,
  searchParams,
}: {
  params: BrandParams;
  searchParams: Promise<SearchParams>;
}) {
  const tenant = await requireTenant();
  const [{ categoryId, brandId }, query, t] = await Promise.all([
    params,
    searchParams,
    getTranslations('common'),
  ]);
  const isMobile = categoryId === 'mobile';
  const [listing, topups] = await Promise.all([
    listingFor({ categoryId, brandId }, query),
    // The top-up form needs all of a mobile brand's amounts, not one page of them.
    isMobile ? fetchProducts(tenant, { category: categoryId, brand: brandId }, 0, 100) : undefined,
  ]);
  const brand = listing.items[0]?.brand;
  if (!brand) notFound();
  const path = `/shop/${encodeURIComponent(categoryId)}/${encodeURIComponent(brandId)}`;
  return (
    <div className="brand-page">
      <div className="brand-heading">
        <BrandArt brand={brand} size="banner" priority />
        <div>
          <h1>{brand.name}</h1>
          <p className="brand-page__category">{t(`category_${categoryId}`)}</p>
        </div>
      </div>
      {topups && (
        <TopupSection
          tenant={tenant}
          brandId={brandId}
          items={topups.items}
          initial={topupStart(query)}
          pagePath={path}
        />
      )}
      <section aria-labelledby="brand-products">
        <h2 id="brand-products">{t('productsHeading')}</h2>
        <ProductList
          tenant={tenant}
          linkToBrands={false}
          nearTop={!topups}
          listing={listing}
          headingId="brand-products"
          pageHref={(page) => `${path}?page=${page}`}
        />
      </section>
    </div>
  );
}
