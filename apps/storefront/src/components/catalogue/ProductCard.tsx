import { formatMoney, isPurchasable } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { productPrice } from '../../lib/product-price';
import { AddToCartButton } from '../cart/AddToCartButton';
import { BrandArt } from './BrandArt';

/**
 * One product: its brand's art and name (a link to the brand's page where `brandHref` is given), its price with
 * the fee each item adds, and for a voucher the button that puts it in the cart. A top-up needs a
 * number: the brand's page has the form for it. Rendered by the server's lists and by the search.
 */
export function ProductCard({
  product,
  brandHref,
  itemFee,
  afterAdding,
  artPriority = false,
}: {
  product: Product;
  brandHref: string | undefined;
  /** The service fee of one item, minor units. */
  itemFee: number;
  afterAdding: string;
  /** The card is shown on first paint: its brand's art loads at once. */
  artPriority?: boolean;
}) {
  const t = useTranslations('common');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, product.currency, locale);
  return (
    <li className="product-card" data-status={product.status} data-testid="product-card">
      <BrandArt brand={product.brand} size="thumb" priority={artPriority} />
      {brandHref ? (
        <a className="product-card__brand" href={brandHref}>
          {product.brand.name}
        </a>
      ) : (
        <span className="product-card__brand">{product.brand.name}</span>
      )}
      <span className="product-card__price">{productPrice(product, locale, t)}</span>
      {itemFee > 0 && (
        <span className="product-card__fee">{t('serviceFeePerItem', { fee: money(itemFee) })}</span>
      )}
      <span className="product-card__kind">{t(`kind_${product.kind}`)}</span>
      <span className={`badge badge--${product.status.toLowerCase()}`}>{t(`status_${product.status}`)}</span>
      {product.kind === 'VOUCHER' && product.amount !== null && isPurchasable(product.status) && (
        <AddToCartButton
          productId={product.productId}
          label={`${product.brand.name} ${money(product.amount)}`}
          afterAdding={afterAdding}
        />
      )}
    </li>
  );
}
