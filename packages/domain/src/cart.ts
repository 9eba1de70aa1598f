/** A cart line; all money in integer minor units (spec §3). */
export interface CartLine {
  itemKey: string;
  productId: string;
  /** Face value of one unit. */
  faceValue: number;
  quantity: number;
  /** per unit */
  serviceFee: number;
}

/** Cart limits of a tenant; an undefined limit means no limit. Money in minor units. */
export interface CartLimits {
  perProductFaceValue?: number;
  perProductCount?: number;
  totalFaceValue?: number;
  totalCount?: number;
}

/** The error codes of a refused cart (spec §8). */
export type LimitCode =
  | 'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED'
  | 'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED'
  | 'CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED'
  | 'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED';

export type CartLimitResult = { ok: true } | { ok: false; code: LimitCode; productId?: string };

/** The most units one cart line may hold. */
export const MAX_ITEM_QUANTITY = 99;

/** A line quantity is an integer from 1 to MAX_ITEM_QUANTITY. */
export function isValidQuantity(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_ITEM_QUANTITY;
}

const exceeds = (value: number, limit: number | undefined): boolean => limit !== undefined && value > limit;

/**
 * Checks the cart against the tenant's limits. Per product means summed over all lines of the
 * same productId. A value equal to its limit is allowed. Rules are checked in this order, each
 * over all products in order of first appearance, and the first failure wins: per-product count,
 * per-product face value, total count, total face value.
 */
export function checkCartLimits(lines: readonly CartLine[], limits: CartLimits): CartLimitResult {
  const perProduct = new Map<string, { count: number; faceValue: number }>();
  let totalCount = 0;
  let totalFaceValue = 0;
  for (const line of lines) {
    const faceValue = line.faceValue * line.quantity;
    const sums = perProduct.get(line.productId) ?? { count: 0, faceValue: 0 };
    sums.count += line.quantity;
    sums.faceValue += faceValue;
    perProduct.set(line.productId, sums);
    totalCount += line.quantity;
    totalFaceValue += faceValue;
  }

  for (const [productId, sums] of perProduct) {
    if (exceeds(sums.count, limits.perProductCount)) {
      return { ok: false, code: 'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED', productId };
    }
  }
  for (const [productId, sums] of perProduct) {
    if (exceeds(sums.faceValue, limits.perProductFaceValue)) {
      return { ok: false, code: 'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED', productId };
    }
  }
  if (exceeds(totalCount, limits.totalCount))
    return { ok: false, code: 'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED' };
  if (exceeds(totalFaceValue, limits.totalFaceValue)) {
    return { ok: false, code: 'CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED' };
  }
  return { ok: true };
}

/** A promotion code. */
export interface PromoCode {
  code: string;
  kind: 'PERCENT' | 'FIXED';
  /** basis points for PERCENT (1000 = 10 %), minor units for FIXED */
  value: number;
  validFrom?: Date;
  validUntil?: Date;
  /** net amount the cart must reach */
  minimumOrder?: number;
  usageLimit?: number;
  timesUsed: number;
}

/** Why a promo code is refused. */
export type PromoRefusal =
  | 'UNKNOWN'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'USED_UP'
  | 'MINIMUM_ORDER_NOT_REACHED'
  | 'ONE_CODE_PER_CART';

export type PromoResult = { ok: true } | { ok: false; code: 'VOUCHER_TOKEN_INVALID'; reason: PromoRefusal };

export interface PromoContext {
  /** Net amount of the cart in minor units. */
  netAmount: number;
  now: Date;
  codesAlreadyApplied: readonly string[];
  allowMultipleCodes: boolean;
}

/**
 * Decides whether a promo code may be applied to the cart; a refusal is VOUCHER_TOKEN_INVALID
 * (spec §8). Checked in order: unknown code, one code per cart, not yet valid, expired (validFrom
 * and validUntil are both inclusive), used up, minimum order not reached.
 */
export function evaluatePromo(promo: PromoCode | undefined, context: PromoContext): PromoResult {
  const refuse = (reason: PromoRefusal): PromoResult => ({
    ok: false,
    code: 'VOUCHER_TOKEN_INVALID',
    reason,
  });
  if (promo === undefined) return refuse('UNKNOWN');
  const applied = context.codesAlreadyApplied;
  if (applied.includes(promo.code) || (applied.length > 0 && !context.allowMultipleCodes)) {
    return refuse('ONE_CODE_PER_CART');
  }
  const now = context.now.getTime();
  if (promo.validFrom !== undefined && now < promo.validFrom.getTime()) return refuse('NOT_YET_VALID');
  if (promo.validUntil !== undefined && now > promo.validUntil.getTime()) return refuse('EXPIRED');
  if (promo.usageLimit !== undefined && promo.timesUsed >= promo.usageLimit) return refuse('USED_UP');
  if (promo.minimumOrder !== undefined && context.netAmount < promo.minimumOrder) {
    return refuse('MINIMUM_ORDER_NOT_REACHED');
  }
  return { ok: true };
}

/**
 * The discount of a promo on a net amount, in minor units: for PERCENT the net amount times the
 * basis points over 10 000, rounded half up in integer arithmetic; for FIXED its value. Never
 * negative and never more than the net amount.
 */
export function promoDiscount(promo: PromoCode, netAmount: number): number {
  let discount = promo.value;
  if (promo.kind === 'PERCENT') {
    const scaled = netAmount * promo.value + 5_000;
    discount = (scaled - (scaled % 10_000)) / 10_000;
  }
  return Math.max(0, Math.min(discount, netAmount));
}

/** The price summary of a cart (spec §3), all amounts in minor units; the contract validates it. */
export interface CartSummary {
  currency: string;
  voucherDiscounts: { code: string; amount: number }[];
  itemServiceFee: number;
  cartServiceFee: number;
  totalServiceFee: number;
  cartDiscountAmount: number;
  netAmount: number;
  grossAmount: number;
  totalPrice: number;
}

export interface PriceCartInput {
  lines: readonly CartLine[];
  currency: string;
  /** Fee per cart, charged only when the cart has a line. */
  cartServiceFee: number;
  /** Promos already accepted, applied in order. */
  promos: readonly PromoCode[];
}

/**
 * Prices a cart. Net is the face value of all units, gross adds the item fees (per unit) and the
 * cart fee. Each promo is applied to the net amount the previous promos left, so the discounts
 * never exceed the net amount; fees are never discounted.
 */
export function priceCart(input: PriceCartInput): CartSummary {
  let netAmount = 0;
  let itemServiceFee = 0;
  for (const line of input.lines) {
    netAmount += line.faceValue * line.quantity;
    itemServiceFee += line.serviceFee * line.quantity;
  }
  // A cart of set-ups only (nothing to pay now) carries no cart fee either.
  const cartServiceFee = input.lines.some((line) => line.faceValue + line.serviceFee > 0)
    ? input.cartServiceFee
    : 0;
  const totalServiceFee = itemServiceFee + cartServiceFee;
  const grossAmount = netAmount + totalServiceFee;

  let remaining = netAmount;
  const voucherDiscounts = input.promos.map((promo) => {
    const amount = promoDiscount(promo, remaining);
    remaining -= amount;
    return { code: promo.code, amount };
  });
  const cartDiscountAmount = netAmount - remaining;

  return {
    currency: input.currency,
    voucherDiscounts,
    itemServiceFee,
    cartServiceFee,
    totalServiceFee,
    cartDiscountAmount,
    netAmount,
    grossAmount,
    totalPrice: grossAmount - cartDiscountAmount,
  };
}

/** A tenant's service fees in minor units: one per item (per unit) and one per cart. */
export interface ServiceFees {
  perItem: number;
  perCart: number;
}

export const chargesServiceFees = (fees: ServiceFees): boolean => fees.perItem > 0 || fees.perCart > 0;

/** What one item costs when it is bought alone, by the cart's own rule ({@link priceCart}). */
export function priceAlone(faceValue: number, fees: ServiceFees, currency: string): CartSummary {
  return priceCart({
    lines: [{ itemKey: '', productId: '', faceValue, quantity: 1, serviceFee: fees.perItem }],
    currency,
    cartServiceFee: fees.perCart,
    promos: [],
  });
}
