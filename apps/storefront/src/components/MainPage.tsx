import { chargesServiceFees } from '@shop/domain';
import { cartStepPath, mainPagePath, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { fetchBrands, fetchProducts } from '../lib/catalogue';
import { pageIndex, queryValue, type SearchParams, topupDataFilter, topupStart } from '../lib/page-query';
import { BrandArt } from './catalogue/BrandArt';
import { BrandGrid } from './catalogue/BrandGrid';
import { CategoryMenu } from './catalogue/CategoryMenu';
import { ProductList } from './catalogue/ProductList';
import { ProductSearch } from './catalogue/ProductSearch';
import { TopupPage } from './topup/page/TopupPage';
import { TopupSection } from './topup/TopupSection';

const HEADLINES = {
  'single-brand': ['singleBrandHeadline', 'singleBrandIntro'],
  'multi-brand': ['multiBrandHeadline', 'multiBrandIntro'],
  'single-shop': ['singleShopHeadline', 'singleShopIntro'],
} as const;

async function MultiBrandCatalogue({
  tenant,
  searchParams,
}: {
  tenant: TenantConfig;
  searchParams: SearchParams;
}) {
  const t = await getTranslations('common');
  const brands = await fetchBrands(tenant);
  const categories = [...new Set(brands.map((brand) => brand.categoryId))];
  const requested = queryValue(searchParams, 'category');
  const category = requested && categories.includes(requested) ? requested : undefined;
  const page = pageIndex(searchParams);
  const listing = category
    ? await fetchProducts(tenant, { category, ...topupDataFilter(searchParams) }, page)
    : undefined;
  return (
    <>
      {tenant.variations.hasCategoryMenu && <CategoryMenu categories={categories} current={category} />}
      <ProductSearch
        brandRoutes={tenant.brandRoutes}
        itemFee={tenant.cart.serviceFees.perItem}
        afterAdding={cartStepPath(tenant)}
      />
      {category && listing ? (
        <section aria-labelledby="category-products">
          <h2 id="category-products">{t(`category_${category}`)}</h2>
          <ProductList
            tenant={tenant}
            linkToBrands
            nearTop
            listing={listing}
            headingId="category-products"
            pageHref={(target) => `/shop?category=${encodeURIComponent(category)}&page=${target}`}
          />
        </section>
      ) : (
        <>
          <h2 className="visually-hidden">{t('brandsHeading')}</h2>
          <BrandGrid tenant={tenant} brands={brands} />
        </>
      )}
    </>
  );
}

async function OwnBrandCatalogue({
  tenant,
  searchParams,
}: {
  tenant: TenantConfig;
  searchParams: SearchParams;
}) {
  const own = await fetchProducts(tenant, { brand: tenant.shopId }, 0, 100);
  const topupForm = (
    <TopupSection
      tenant={tenant}
      brandId={tenant.shopId}
      items={own.items}
      initial={topupStart(searchParams)}
      pagePath={mainPagePath(tenant)}
    />
  );
  if (own.items.some((product) => product.kind === 'ONCE_OFF')) return topupForm;
  // A shop of vouchers may also take cash codes: the top-up form redeems them, the list sells the rest.
  const cashCodes = own.items.some((product) => product.kind === 'CASH_CODE');
  const t = await getTranslations('common');
  const listing = await fetchProducts(
    tenant,
    { ...(cashCodes ? { kind: 'VOUCHER' } : {}), ...topupDataFilter(searchParams) },
    pageIndex(searchParams),
  );
  return (
    <>
      {cashCodes && topupForm}
      <section aria-labelledby="products">
        <h2 id="products">{t('productsHeading')}</h2>
        <ProductList
          tenant={tenant}
          linkToBrands
          listing={listing}
          headingId="products"
          pageHref={(target) => `/?page=${target}`}
        />
      </section>
    </>
  );
}

/** A tenant's main page at the route of its kind (spec §2). */
export async function MainPage({
  tenant,
  searchParams,
}: {
  tenant: TenantConfig;
  searchParams: SearchParams;
}) {
  if (tenant.mainPageKind === 'single-brand') {
    const own = await fetchProducts(tenant, { brand: tenant.shopId }, 0, 100);
    if (own.items.some((product) => product.kind === 'ONCE_OFF')) {
      return <TopupPage tenant={tenant} items={own.items} initial={topupStart(searchParams)} />;
    }
  }
  const t = await getTranslations('common');
  const [headline, intro] = HEADLINES[tenant.mainPageKind];
  const headlineText = t(headline, { provider: tenant.providerName });
  return (
    <div className="main-page" data-testid={`main-page-${tenant.mainPageKind}`}>
      <section className="hero brand-heading">
        <div>
          <h1>{headlineText}</h1>
          <p>{t(intro)}</p>
        </div>
        {!tenant.flags.hasMultipleBrands && (
          <BrandArt
            brand={{ brandId: tenant.shopId, name: tenant.providerName }}
            size="banner"
            labelled={!headlineText.includes(tenant.providerName)}
            priority
          />
        )}
      </section>
      {tenant.flags.hasMultipleBrands ? (
        <MultiBrandCatalogue tenant={tenant} searchParams={searchParams} />
      ) : (
        <OwnBrandCatalogue tenant={tenant} searchParams={searchParams} />
      )}
      <ul className="benefits">
        <li>{t('benefitInstant')}</li>
        <li>{t('benefitSecure')}</li>
        <li>
          {t(chargesServiceFees(tenant.cart.serviceFees) ? 'benefitNoContractOnly' : 'benefitNoContract')}
        </li>
      </ul>
    </div>
  );
}
