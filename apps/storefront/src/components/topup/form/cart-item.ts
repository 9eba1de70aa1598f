import { isAmountInRange, type PriceRange, withLeadingPlus } from '@shop/domain';
import type { CartItemRequest } from '@shop/domain/contract';
import { type AutomaticChoice, automaticCartItem } from './automatic';
import { minorUnits } from './money-input';
import type { FixedAmount, TopupFormProps, TopupType } from './props';
import { type SmsChoice, smsCartItem } from './sms';

/** What the shopper chose, as far as the cart item needs it. */
export interface TopupChoice {
  topupType: TopupType;
  /** The fixed amount chosen, or null when the shopper typed one. */
  amount: number | null;
  cashCode: string;
  /** How an automatic top-up is set up; undefined when the form had no set-up to send. */
  automatic?: AutomaticChoice | undefined;
  /** How SMS top-ups are set up; undefined when the form had none to send. */
  sms?: SmsChoice | undefined;
  /** A once-off top-up bought through a light top-up's link: its notification code. */
  lightCode?: string | undefined;
}

/** What a top-up form offers, as far as its cart item and its checks need it. */
export type Offer = Pick<TopupFormProps, 'range' | 'automatic' | 'sms' | 'cashCode'> & {
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
 * The tiles of fixed amounts for a type: an automatic or SMS top-up takes each amount of its
 * range, whatever the stock of the once-off product of that amount.
 */
export function amountTiles(
  fixedAmounts: FixedAmount[],
  offer: Pick<Offer, 'automatic' | 'sms'>,
  topupType: TopupType,
): FixedAmount[] {
  const range =
    topupType === 'AUTOMATIC' ? offer.automatic?.range : topupType === 'SMS' ? offer.sms?.range : undefined;
  if (!range) return fixedAmounts;
  return fixedAmounts
    .filter((fixed) => isAmountInRange(fixed.amount, range))
    .map((fixed) => ({ ...fixed, purchasable: true, statusLabel: undefined }));
}

/** Whether the choice tops up nothing now (a set-up on a saved method alone): no amount is asked for. */
export const setsUpOnly = (choice: TopupChoice) =>
  choice.topupType === 'SMS' && choice.sms?.setupOnly === true;

/** The range the chosen amount must fall in; null for a fixed amount. */
export function rangeToCheck(offer: Offer, choice: TopupChoice): PriceRange | null | undefined {
  if (choice.topupType === 'AUTOMATIC') return offer.automatic?.range;
  if (choice.topupType === 'SMS') return offer.sms?.range;
  if (isRedeeming(offer, choice.topupType)) return offer.cashCode?.range;
  return choice.amount === null ? offer.range : null;
}

/** The cart item for the chosen type; `minor` is null only for a set-up alone. */
export function cartItem(
  offer: Offer,
  choice: TopupChoice,
  msisdn: string,
  minor: number | null,
): CartItemRequest | undefined {
  if (choice.topupType === 'SMS') {
    return offer.sms && choice.sms ? smsCartItem(offer.sms, choice.sms, msisdn, minor) : undefined;
  }
  if (minor === null) return undefined;
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
  const light = choice.lightCode
    ? { autoTopupLight: true, autoTopupLightNotificationId: choice.lightCode }
    : {};
  return fixed
    ? { productId: fixed.productId, phoneNumber: msisdn, ...light }
    : { productId: offer.range?.productId ?? '', amount: minor, phoneNumber: msisdn, ...light };
}
