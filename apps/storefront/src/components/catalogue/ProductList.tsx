import { viewItemEvent } from '@shop/domain';
import type { ProductListing } from '@shop/domain/contract';
import { brandPath, cartStepPath, type TenantConfig } from '@shop/tenants';
import { DataLayerEvent } from '../consent/DataLayerEvent';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';
import { ServiceFeeNotice } from './ServiceFeeNotice';

/** Cards shown on first paint at laptop width when the list is near the top of the page. */
const FIRST_ROW = 4;

/**
 * A page of products as cards, each with its availability, the fees the tenant adds, and the
 * links to other pages. On a brand's own page the cards do not link to it again.
 */
export function ProductList({
  tenant,
  listing,
  headingId,
  pageHref,
  linkToBrands,
  nearTop = false,
}: {
  tenant: TenantConfig;
  listing: ProductListing;
  headingId: string;
  pageHref: (page: number) => string;
  linkToBrands: boolean;
  /** Nothing tall comes before the list: its first row is seen without scrolling. */
  nearTop?: boolean;
}) {
  return (
    <>
      {/* A brand's own page shows its products: the shopper is looking at them. */}
      {!linkToBrands && <DataLayerEvent event={viewItemEvent(listing.items, tenant.currency)} />}
      <ul className="product-grid" aria-labelledby={headingId} data-testid="product-list">
        {listing.items.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            artPriority={nearTop && index < FIRST_ROW}
            brandHref={
              linkToBrands
                ? brandPath(tenant, {
                    brandId: product.brand.brandId,
                    categoryId: product.category.categoryId,
                  })
                : undefined
            }
            itemFee={tenant.cart.serviceFees.perItem}
            afterAdding={cartStepPath(tenant)}
          />
        ))}
      </ul>
      <ServiceFeeNotice fees={tenant.cart.serviceFees} currency={tenant.currency} />
      <Pagination
        page={listing.paginationParams.page}
        totalPages={listing.paginationParams.totalPages}
        pageHref={pageHref}
      />
    </>
  );
}
