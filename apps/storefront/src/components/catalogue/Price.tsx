import { formatMoney } from '@shop/domain';
import { getLocale, getTranslations } from 'next-intl/server';
import type { Product } from '../../lib/catalogue';

/** A product's face value, or its range, in the shopper's language. */
export async function Price({ product }: { product: Product }) {
  const locale = await getLocale();
  if (product.amount !== null) return <>{formatMoney(product.amount, product.currency, locale)}</>;
  if (!product.priceRange) return null;
  const t = await getTranslations('common');
  return (
    <>
      {t('priceRange', {
        min: formatMoney(product.priceRange.min, product.currency, locale),
        max: formatMoney(product.priceRange.max, product.currency, locale),
      })}
    </>
  );
}
