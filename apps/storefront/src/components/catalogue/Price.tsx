import type { Product } from '@shop/domain/contract';
import { getLocale, getTranslations } from 'next-intl/server';
import { productPrice } from '../../lib/product-price';

/** A product's face value, or its range, in the shopper's language. */
export async function Price({ product }: { product: Product }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations('common')]);
  return <>{productPrice(product, locale, t)}</>;
}
