import { isPurchasable } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { fetchProducts } from '../../lib/catalogue';
import { TopupForm, type TopupFormProps } from './TopupForm';

/** The top-up form for one brand, filled with that brand's products. */
export async function TopupSection({
  tenant,
  brandId,
  initial,
}: {
  tenant: TenantConfig;
  brandId: string;
  initial: TopupFormProps['initial'];
}) {
  const [t, { items }] = await Promise.all([
    getTranslations('common'),
    fetchProducts(tenant, { brand: brandId }, 0, 100),
  ]);
  const onceOff = items.filter((product) => product.kind === 'ONCE_OFF');
  const brand = items[0]?.brand ?? { brandId, name: tenant.providerName };
  const topupTypes: TopupFormProps['topupTypes'] = ['ONCE_OFF'];
  if (items.some((product) => product.kind === 'AUTOMATIC')) topupTypes.push('AUTOMATIC');
  if (items.some((product) => product.kind === 'SMS')) topupTypes.push('SMS');

  return (
    <TopupForm
      brand={brand}
      currency={tenant.currency}
      phoneCountryCodes={tenant.phoneCountryCodes}
      fixedAmounts={onceOff.flatMap((product) =>
        product.amount === null
          ? []
          : [
              {
                productId: product.productId,
                amount: product.amount,
                purchasable: isPurchasable(product.status),
                statusLabel: isPurchasable(product.status) ? undefined : t(`status_${product.status}`),
              },
            ],
      )}
      range={onceOff.find((product) => product.priceRange)?.priceRange ?? null}
      amountPlaceholders={tenant.topup.amountPlaceholders}
      topupTypes={topupTypes}
      initial={initial}
    />
  );
}
