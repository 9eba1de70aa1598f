import { isKindOnSale, isPurchasable } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import type { SetupType } from '../../lib/auto-topup-setup';
import type { AutomaticOffer } from './form/automatic';
import type { FixedAmount, TopupFormProps } from './form/props';
import type { SmsOffer } from './form/sms';

function rangeOf(products: Product[]): TopupFormProps['range'] {
  const ranged = products.find((product) => product.priceRange);
  return ranged?.priceRange ? { ...ranged.priceRange, productId: ranged.productId } : null;
}

const SETUP_TYPES: readonly string[] = ['LOW_BALANCE', 'WEEKLY', 'MONTHLY', 'TARIFF'] satisfies SetupType[];

/**
 * The tenant's sets of types as the form offers them: a low-balance top-up only where the tenant
 * has a limit (RECURRING is offered as its weekly or monthly type).
 */
function typeSetsOf(tenant: TenantConfig): SetupType[][] {
  const { lowBalanceLimit, options } = tenant.topup;
  return options.allowedTypes
    .map((types) =>
      types.filter(
        (type): type is SetupType =>
          SETUP_TYPES.includes(type) && (type !== 'LOW_BALANCE' || lowBalanceLimit !== null),
      ),
    )
    .filter((types) => types.length > 0);
}

/**
 * The automatic top-up on offer: the brand's automatic product, with the tenant's types and
 * low-balance limit. An automatic top-up charges a method saved on an account, so a tenant
 * without accounts (isAuthDisabled) offers none.
 */
function automaticOf(tenant: TenantConfig, products: Product[]): AutomaticOffer | null {
  const product = products.find(
    (candidate) =>
      candidate.kind === 'AUTOMATIC' &&
      candidate.variant === 'NORMAL' &&
      candidate.priceRange &&
      isPurchasable(candidate.status),
  );
  const typeSets = typeSetsOf(tenant);
  if (!product?.priceRange || typeSets.length === 0 || tenant.flags.isAuthDisabled) return null;
  const light = tenant.flags.autoTopupLightEnabled
    ? products.find(
        (candidate) =>
          candidate.kind === 'AUTOMATIC' && candidate.variant === 'LIGHT' && isPurchasable(candidate.status),
      )
    : undefined;
  return {
    productId: product.productId,
    ...(light ? { lightProductId: light.productId } : {}),
    range: product.priceRange,
    typeSets,
    lowBalanceLimit: tenant.topup.lowBalanceLimit,
  };
}

/** The cash-code top-up on offer: the shopper enters the code and an amount of its range. */
function cashCodeOf(products: Product[]): TopupFormProps['cashCode'] {
  const product = products.find(
    (candidate) => candidate.kind === 'CASH_CODE' && candidate.priceRange && isPurchasable(candidate.status),
  );
  return product?.priceRange ? { productId: product.productId, range: product.priceRange } : null;
}

/**
 * The SMS top-up on offer: the brand's SMS product, where the shop has a short number. It charges
 * a method saved on an account, so a tenant without accounts offers none.
 */
function smsOf(tenant: TenantConfig, products: Product[]): SmsOffer | null {
  const product = products.find(
    (candidate) => candidate.kind === 'SMS' && candidate.priceRange && isPurchasable(candidate.status),
  );
  if (!product?.priceRange || !tenant.smsShortNumber || !tenant.topup.options.smsTopup) return null;
  if (tenant.flags.isAuthDisabled) return null;
  return { productId: product.productId, range: product.priceRange, shortNumber: tenant.smsShortNumber };
}

/** What the top-up form of one brand offers, from that brand's products; read by the page and by the form's post. */
export interface TopupOffer
  extends Pick<TopupFormProps, 'range' | 'automatic' | 'sms' | 'cashCode' | 'topupTypes'> {
  /** The fixed amounts, without their status label (the page adds it in the shopper's language). */
  fixedAmounts: (Omit<FixedAmount, 'statusLabel'> & { status: Product['status'] })[];
}

export function topupOffer(tenant: TenantConfig, items: Product[]): TopupOffer {
  const onceOff = items.filter((product) => product.kind === 'ONCE_OFF');
  const automatic = automaticOf(tenant, items);
  const cashCode = cashCodeOf(items);
  const sms = smsOf(tenant, items);
  const topupTypes: TopupFormProps['topupTypes'] = [];
  if (onceOff.length > 0) topupTypes.push('ONCE_OFF');
  // Offered only while the shop really runs them (decision 0017).
  if (automatic && isKindOnSale('AUTOMATIC')) topupTypes.push('AUTOMATIC');
  if (sms && isKindOnSale('SMS')) topupTypes.push('SMS');
  if (cashCode) topupTypes.push('CASH_CODE');
  return {
    fixedAmounts: onceOff.flatMap((product) =>
      product.amount === null
        ? []
        : [
            {
              productId: product.productId,
              amount: product.amount,
              purchasable: isPurchasable(product.status),
              status: product.status,
            },
          ],
    ),
    range: rangeOf(onceOff),
    automatic,
    sms,
    cashCode,
    topupTypes,
  };
}
