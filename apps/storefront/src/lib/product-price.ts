import { formatMoney } from '@shop/domain';
import type { Product } from '@shop/domain/contract';

type Priced = Pick<Product, 'amount' | 'currency' | 'priceRange'>;

/** A product's face value, or its range through the `priceRange` text, in the shopper's language. */
export function productPrice(
  product: Priced,
  locale: string,
  t: (key: 'priceRange', values: { min: string; max: string }) => string,
): string {
  if (product.amount !== null) return formatMoney(product.amount, product.currency, locale);
  if (!product.priceRange) return '';
  return t('priceRange', {
    min: formatMoney(product.priceRange.min, product.currency, locale),
    max: formatMoney(product.priceRange.max, product.currency, locale),
  });
}
