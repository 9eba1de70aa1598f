import { callingCode, isKindOnSale, isPurchasable, parseMsisdn } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import { cartStepPath, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { initialNumber } from './form/cart-item';
import type { TopupFormProps } from './form/props';
import { TopupForm } from './form/TopupForm';

function rangeOf(products: Product[]): TopupFormProps['range'] {
  const ranged = products.find((product) => product.priceRange);
  return ranged?.priceRange ? { ...ranged.priceRange, productId: ranged.productId } : null;
}

/** The limit a low-balance top-up waits for: the tenant's, or the first of its choices. */
function lowBalanceLimitOf(tenant: TenantConfig): number | null {
  const limit = tenant.topup.lowBalanceLimit;
  if (typeof limit === 'number') return limit;
  return Array.isArray(limit) ? (limit[0] ?? null) : null;
}

/** The automatic top-up on offer: a low-balance top-up at the tenant's limit. */
function automaticOf(tenant: TenantConfig, products: Product[]): TopupFormProps['automatic'] {
  const product = products.find(
    (candidate) => candidate.kind === 'AUTOMATIC' && candidate.variant === 'NORMAL' && candidate.priceRange,
  );
  const lowBalanceLimit = lowBalanceLimitOf(tenant);
  const offersLowBalance = tenant.topup.options.allowedTypes.some((types) => types.includes('LOW_BALANCE'));
  if (!product?.priceRange || lowBalanceLimit === null || !offersLowBalance) return null;
  return { productId: product.productId, range: product.priceRange, lowBalanceLimit };
}

/** The cash-code top-up on offer: the shopper enters the code and an amount of its range. */
function cashCodeOf(products: Product[]): TopupFormProps['cashCode'] {
  const product = products.find(
    (candidate) => candidate.kind === 'CASH_CODE' && candidate.priceRange && isPurchasable(candidate.status),
  );
  return product?.priceRange ? { productId: product.productId, range: product.priceRange } : null;
}

/** The country of the page's `?msisdn=`, when it is a valid number of one the shop serves. */
function countryOf(msisdn: string | undefined, countries: string[]): string | undefined {
  if (!msisdn) return undefined;
  const parsed = parseMsisdn(initialNumber(msisdn), countries);
  return parsed.ok ? parsed.country : undefined;
}

/** The top-up form for one brand, filled with that brand's products (`items`). */
export async function TopupSection({
  tenant,
  brandId,
  items,
  initial,
}: {
  tenant: TenantConfig;
  brandId: string;
  items: Product[];
  initial: TopupFormProps['initial'];
}) {
  const t = await getTranslations('common');
  const onceOff = items.filter((product) => product.kind === 'ONCE_OFF');
  const brand = items[0]?.brand ?? { brandId, name: tenant.providerName };
  const automatic = automaticOf(tenant, items);
  const cashCode = cashCodeOf(items);
  const topupTypes: TopupFormProps['topupTypes'] = [];
  if (onceOff.length > 0) topupTypes.push('ONCE_OFF');
  // Offered only once the shop really runs them (decision 0017); until then the API refuses them too.
  if (automatic && isKindOnSale('AUTOMATIC')) topupTypes.push('AUTOMATIC');
  if (items.some((product) => product.kind === 'SMS') && isKindOnSale('SMS')) topupTypes.push('SMS');
  if (cashCode) topupTypes.push('CASH_CODE');

  return (
    <TopupForm
      brand={brand}
      currency={tenant.currency}
      serviceFees={tenant.cart.serviceFees}
      phoneCountries={tenant.phoneCountryCodes.map((code) => ({ code, callingCode: callingCode(code) }))}
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
      range={rangeOf(onceOff)}
      afterAdding={cartStepPath(tenant)}
      amountPlaceholders={tenant.topup.amountPlaceholders}
      topupTypes={topupTypes}
      automatic={automatic}
      cashCode={cashCode}
      brandRoutes={tenant.brandRoutes}
      initial={{ ...initial, country: countryOf(initial.msisdn, tenant.phoneCountryCodes) }}
    />
  );
}
