/** Spec §3: the kinds of product the shop sells. */
export const PRODUCT_KINDS = ['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Spec §3: the states of a product. */
export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE', 'OUT_OF_STOCK', 'COMING_SOON'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Spec §3: a product variant; LIGHT is the light auto top-up. */
export const PRODUCT_VARIANTS = ['NORMAL', 'LIGHT'] as const;
export type ProductVariant = (typeof PRODUCT_VARIANTS)[number];

/** Kinds that set up later top-ups (automatic and SMS top-ups) rather than deliver one now. */
export const SETUP_KINDS: readonly ProductKind[] = ['AUTOMATIC', 'SMS'];

export const isSetupKind = (kind: string): boolean => (SETUP_KINDS as readonly string[]).includes(kind);

/** The kinds the shop sells today: every kind, now that SMS top-ups run end to end (decision 0041). */
export const KINDS_ON_SALE: readonly ProductKind[] = ['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER'];

export const isKindOnSale = (kind: string): boolean => (KINDS_ON_SALE as readonly string[]).includes(kind);

/** Only an active product can be bought. */
export function isPurchasable(status: ProductStatus): boolean {
  return status === 'ACTIVE';
}

/** The amounts a product with a free amount accepts, in integer minor units. */
export interface PriceRange {
  min: number;
  max: number;
  step: number;
}

/**
 * Whether an amount lies in a price range: min ≤ amount ≤ max and a whole number of steps above
 * min. Every number must be an integer and the step positive; otherwise the answer is false.
 */
export function isAmountInRange(amount: number, { min, max, step }: PriceRange): boolean {
  if (![amount, min, max, step].every(Number.isInteger) || step <= 0) return false;
  return min <= amount && amount <= max && (amount - min) % step === 0;
}

/**
 * Whether a shopper chooses how many of a product to buy: vouchers are bought in numbers, while a
 * top-up goes to one number once (a second one is a second line with its own choice).
 */
export const isBoughtInQuantity = (kind: string): boolean => kind === ('VOUCHER' satisfies ProductKind);
