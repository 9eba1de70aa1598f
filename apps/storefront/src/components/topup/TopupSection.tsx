import { callingCode, formatMoney, messageKeyFor, parseMsisdn, viewItemEvent } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import { cartStepPath, type TenantConfig } from '@shop/tenants';
import { getLocale, getTranslations } from 'next-intl/server';
import { newFormKey } from '../../lib/form-key';
import { requestOrigin } from '../../lib/request-origin';
import { currentShopper } from '../../lib/signed-in';
import { productData } from '../../lib/site-urls';
import { DataLayerEvent } from '../consent/DataLayerEvent';
import { JsonLd } from '../JsonLd';
import { automaticFromFields } from './form/automatic';
import { initialAmount, initialNumber, type Offer } from './form/cart-item';
import { describeProblems, topupProblems } from './form/check';
import type { FieldErrors, TopupFormProps, TopupType } from './form/props';
import { TopupForm } from './form/TopupForm';
import { LightLinkNotice } from './LightLinkNotice';
import { lightLinkState } from './light-link';
import { topupOffer } from './offer';

/** The country the page names, else that of its `?msisdn=` when it is a valid number of one the shop serves. */
function countryOf(initial: TopupFormProps['initial'], countries: string[]): string | undefined {
  if (initial.country && countries.includes(initial.country)) return initial.country;
  if (!initial.msisdn) return undefined;
  const parsed = parseMsisdn(initialNumber(initial.msisdn), countries);
  return parsed.ok ? parsed.country : undefined;
}

/**
 * The number as the field shows it: as typed when a post of the form came back with it (its query
 * is encoded), else `?msisdn=` read as {@link initialNumber} reads it.
 */
function shownNumber(initial: TopupFormProps['initial']): string | undefined {
  if (initial.msisdn === undefined) return undefined;
  return initial.checked || initial.error !== undefined ? initial.msisdn : initialNumber(initial.msisdn);
}

/** The problems a post of the form before JavaScript came back with, in the shopper's language. */
async function returnedProblems(
  tenant: TenantConfig,
  offer: Offer,
  initial: TopupFormProps['initial'],
  topupType: TopupType,
): Promise<FieldErrors> {
  const t = await getTranslations('common');
  if (initial.error !== undefined) {
    const message = t(messageKeyFor(initial.error));
    return initial.error === 'PHONE_NUMBER_OF_OTHER_OPERATOR' ? { phone: message } : { form: message };
  }
  if (!initial.checked) return {};
  const start = initialAmount(initial.amount);
  const fixed = offer.fixedAmounts.some((amount) => amount.amount === start.amount);
  const input = {
    topupType,
    amount: fixed ? start.amount : null,
    otherAmount: fixed ? '' : start.other,
    cashCode: '',
    automatic:
      offer.automatic && topupType === 'AUTOMATIC'
        ? automaticFromFields(offer.automatic, (name) => initial.automatic?.[name])
        : undefined,
  };
  const country = countryOf(initial, tenant.phoneCountryCodes);
  const countries = [
    ...(country ? [country] : []),
    ...tenant.phoneCountryCodes.filter((code) => code !== country),
  ];
  const number = parseMsisdn(initial.msisdn ?? '', countries);
  const locale = await getLocale();
  return describeProblems(topupProblems(offer, input, number), t, (minor) =>
    formatMoney(minor, tenant.currency, locale),
  );
}

/** The top-up form for one brand, filled with that brand's products (`items`). */
export async function TopupSection({
  tenant,
  brandId,
  items,
  initial,
  pagePath,
}: {
  tenant: TenantConfig;
  brandId: string;
  items: Product[];
  initial: TopupFormProps['initial'];
  pagePath: string;
}) {
  const [t, shopper, formKey] = await Promise.all([
    getTranslations('common'),
    currentShopper(tenant),
    newFormKey(),
  ]);
  const brand = items[0]?.brand ?? { brandId, name: tenant.providerName };
  const { fixedAmounts, ...offer } = topupOffer(tenant, items);
  const topupType =
    offer.topupTypes.find((type) => type === initial.topupType) ?? offer.topupTypes[0] ?? 'ONCE_OFF';
  const initialErrors = await returnedProblems(tenant, { ...offer, fixedAmounts }, initial, topupType);
  const light = initial.light && (await lightLinkState(tenant, shopper, initial.light));
  const owned = light?.kind === 'owner' ? light : undefined;
  const lightPage =
    initial.light &&
    `${pagePath}?${new URLSearchParams({ msisdn: initial.msisdn ?? '', amount: initial.amount ?? '', ...initial.light })}`;

  const form = (
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
      signedIn={shopper.signedIn}
      afterAdding={cartStepPath(tenant)}
      amountPlaceholders={tenant.topup.amountPlaceholders}
      brandRoutes={tenant.brandRoutes}
      initial={{
        ...initial,
        ...(owned
          ? { msisdn: owned.msisdn, amount: String(owned.amount / 100) }
          : { msisdn: shownNumber(initial) }),
        topupType: owned ? 'ONCE_OFF' : topupType,
        country: countryOf(owned ? { msisdn: owned.msisdn } : initial, tenant.phoneCountryCodes),
      }}
      lightCode={owned?.notificationCode}
      initialErrors={initialErrors}
      pagePath={pagePath}
      idempotencyKey={formKey}
    />
  );
  const offers = productData(
    brand,
    items.filter((product) => product.kind === 'ONCE_OFF'),
    await requestOrigin(tenant.domain),
    pagePath,
  );
  return (
    <>
      {light && lightPage && <LightLinkNotice state={light} currency={tenant.currency} here={lightPage} />}
      {form}
      <DataLayerEvent
        event={viewItemEvent(
          items.filter((product) => product.kind === 'ONCE_OFF'),
          tenant.currency,
        )}
      />
      {offers && <JsonLd data={offers} />}
    </>
  );
}
