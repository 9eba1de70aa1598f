import { formatMoney, isPurchasable } from '@shop/domain';
import type { ProductListing } from '@shop/domain/contract';
import { getLocale, getTranslations } from 'next-intl/server';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Pagination } from './Pagination';
import { Price } from './Price';

/** A page of products as cards, each with its availability, and the links to other pages. */
export async function ProductList({
  listing,
  headingId,
  pageHref,
  afterAdding,
}: {
  listing: ProductListing;
  headingId: string;
  pageHref: (page: number) => string;
  /** Where adding a voucher leads (see cartStepPath). */
  afterAdding: string;
}) {
  const locale = await getLocale();
  const t = await getTranslations('common');
  return (
    <>
      <ul className="product-grid" aria-labelledby={headingId} data-testid="product-list">
        {listing.items.map((product) => (
          <li key={product.id} className="product-card" data-status={product.status}>
            <span className="product-card__brand">{product.brand.name}</span>
            <span className="product-card__price">
              <Price product={product} />
            </span>
            <span className="product-card__kind">{t(`kind_${product.kind}`)}</span>
            <span className={`badge badge--${product.status.toLowerCase()}`}>
              {t(`status_${product.status}`)}
            </span>
            {product.kind === 'VOUCHER' && product.amount !== null && isPurchasable(product.status) && (
              <AddToCartButton
                productId={product.productId}
                label={`${product.brand.name} ${formatMoney(product.amount, product.currency, locale)}`}
                afterAdding={afterAdding}
              />
            )}
          </li>
        ))}
      </ul>
      <Pagination
        page={listing.paginationParams.page}
        totalPages={listing.paginationParams.totalPages}
        pageHref={pageHref}
      />
    </>
  );
}
