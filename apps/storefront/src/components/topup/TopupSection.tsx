import { callingCode, parseMsisdn } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import { cartStepPath, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { initialNumber } from './form/cart-item';
import type { TopupFormProps } from './form/props';
import { TopupForm } from './form/TopupForm';
import { topupOffer } from './offer';

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
  const brand = items[0]?.brand ?? { brandId, name: tenant.providerName };
  const { fixedAmounts, ...offer } = topupOffer(tenant, items);

  return (
    <TopupForm
      brand={brand}
      currency={tenant.currency}
      serviceFees={tenant.cart.serviceFees}
      phoneCountries={tenant.phoneCountryCodes.map((code) => ({ code, callingCode: callingCode(code) }))}
      fixedAmounts={fixedAmounts.map(({ status, ...fixed }) => ({
        ...fixed,
        statusLabel: fixed.purchasable ? undefined : t(`status_${status}`),
      }))}
      {...offer}
      afterAdding={cartStepPath(tenant)}
      amountPlaceholders={tenant.topup.amountPlaceholders}
      brandRoutes={tenant.brandRoutes}
      initial={{ ...initial, country: countryOf(initial.msisdn, tenant.phoneCountryCodes) }}
    />
  );
}
