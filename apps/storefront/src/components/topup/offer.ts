import { isKindOnSale, isPurchasable } from '@shop/domain';
import type { Product } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import type { FixedAmount, TopupFormProps } from './form/props';

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

/** What the top-up form of one brand offers, from that brand's products; read by the page and by the form's post. */
export interface TopupOffer extends Pick<TopupFormProps, 'range' | 'automatic' | 'cashCode' | 'topupTypes'> {
  /** The fixed amounts, without their status label (the page adds it in the shopper's language). */
  fixedAmounts: (Omit<FixedAmount, 'statusLabel'> & { status: Product['status'] })[];
}

/** Whether the top-up form offers automatic top-ups yet. */
const AUTOMATIC_SET_UP_IN_FORM = false;

export function topupOffer(tenant: TenantConfig, items: Product[]): TopupOffer {
  const onceOff = items.filter((product) => product.kind === 'ONCE_OFF');
  const automatic = automaticOf(tenant, items);
  const cashCode = cashCodeOf(items);
  const topupTypes: TopupFormProps['topupTypes'] = [];
  if (onceOff.length > 0) topupTypes.push('ONCE_OFF');
  // Offered only once the shop really runs them (decision 0017) and the form sets them up.
  if (automatic && isKindOnSale('AUTOMATIC') && AUTOMATIC_SET_UP_IN_FORM) topupTypes.push('AUTOMATIC');
  if (items.some((product) => product.kind === 'SMS') && isKindOnSale('SMS')) topupTypes.push('SMS');
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
    cashCode,
    topupTypes,
  };
}
