import { isAmountInRange, type PriceRange, withLeadingPlus } from '@shop/domain';
import type { CartItemRequest } from '@shop/domain/contract';
import { type AutomaticChoice, automaticCartItem } from './automatic';
import { minorUnits } from './money-input';
import type { FixedAmount, TopupFormProps, TopupType } from './props';

/** What the shopper chose, as far as the cart item needs it. */
export interface TopupChoice {
  topupType: TopupType;
  /** The fixed amount chosen, or null when the shopper typed one. */
  amount: number | null;
  cashCode: string;
  /** How an automatic top-up is set up; undefined when the form had no set-up to send. */
  automatic?: AutomaticChoice | undefined;
}

/** What a top-up form offers, as far as its cart item and its checks need it. */
export type Offer = Pick<TopupFormProps, 'range' | 'automatic' | 'cashCode'> & {
  fixedAmounts: Pick<FixedAmount, 'productId' | 'amount' | 'purchasable'>[];
};

/**
 * `?msisdn=` as the number field shows it: a national number (one leading 0, as the form itself
 * sends it before JavaScript runs) as given; any other as international, since an unencoded `+`
 * in `?msisdn=+49…` arrives as a space.
 */
export function initialNumber(msisdn: string): string {
  const trimmed = msisdn.trim();
  return /^0[1-9]/.test(trimmed) ? trimmed : withLeadingPlus(trimmed);
}

/** The page's `?amount=` (major units) as a starting amount in minor units and as typed. */
export function initialAmount(initial: string | undefined): { amount: number | null; other: string } {
  const minor = minorUnits(initial ?? '');
  if (minor === null || minor <= 0) return { amount: null, other: '' };
  return { amount: minor, other: String(initial) };
}

/** Whether the shopper redeems a cash code: the amount is then typed within the code's range. */
export const isRedeeming = (offer: Offer, topupType: TopupType) =>
  topupType === 'CASH_CODE' && offer.cashCode !== null;

/**
 * The tiles of fixed amounts for a type: an automatic top-up takes each amount of its range,
 * whatever the stock of the once-off product of that amount.
 */
export function amountTiles(
  fixedAmounts: FixedAmount[],
  automatic: Offer['automatic'],
  topupType: TopupType,
): FixedAmount[] {
  if (topupType !== 'AUTOMATIC' || !automatic) return fixedAmounts;
  return fixedAmounts
    .filter((fixed) => isAmountInRange(fixed.amount, automatic.range))
    .map((fixed) => ({ ...fixed, purchasable: true, statusLabel: undefined }));
}

/** The range the chosen amount must fall in; null for a fixed amount. */
export function rangeToCheck(offer: Offer, choice: TopupChoice): PriceRange | null | undefined {
  if (choice.topupType === 'AUTOMATIC') return offer.automatic?.range;
  if (isRedeeming(offer, choice.topupType)) return offer.cashCode?.range;
  return choice.amount === null ? offer.range : null;
}

/** The cart item for the chosen type; SMS top-ups are set up in a later step. */
export function cartItem(
  offer: Offer,
  choice: TopupChoice,
  msisdn: string,
  minor: number,
): CartItemRequest | undefined {
  if (choice.topupType === 'CASH_CODE' && offer.cashCode) {
    return {
      productId: offer.cashCode.productId,
      amount: minor,
      phoneNumber: msisdn,
      cashCode: choice.cashCode.trim(),
    };
  }
  if (choice.topupType === 'AUTOMATIC') {
    return offer.automatic && choice.automatic
      ? automaticCartItem(offer.automatic, choice.automatic, msisdn, minor)
      : undefined;
  }
  if (choice.topupType !== 'ONCE_OFF') return undefined;
  const fixed = offer.fixedAmounts.find((candidate) => candidate.amount === choice.amount);
  return fixed
    ? { productId: fixed.productId, phoneNumber: msisdn }
    : { productId: offer.range?.productId ?? '', amount: minor, phoneNumber: msisdn };
}
