import type { ProductKind } from './catalogue';

/**
 * Kinds whose item puts credit on the number it names: once-off, automatic and SMS top-ups, and
 * cash codes redeemed onto a number. A voucher only names a number to send its code to.
 */
export const NUMBER_BOUND_KINDS: readonly ProductKind[] = ['ONCE_OFF', 'AUTOMATIC', 'SMS', 'CASH_CODE'];

export const isNumberBoundKind = (kind: string): boolean =>
  (NUMBER_BOUND_KINDS as readonly string[]).includes(kind);

/** What the operator's number look-up says about a number. */
export type NumberOwner =
  /** An operator brand owns it. */
  | { kind: 'brand'; brandId: string; brandName: string }
  /** No brand owns it as far as the look-up knows (the operator's `UNKNOWN_NUMBER`). */
  | { kind: 'none' }
  /** The look-up could not answer (the operator is unreachable or answered unusably). */
  | { kind: 'unavailable' };

/** The owner as a look-up answer names it (the operator's, or the API's `number-lookup`). */
export const ownerFromLookup = (
  answer: { found: false } | { found: true; brandId: string; brandName: string },
): NumberOwner =>
  answer.found ? { kind: 'brand', brandId: answer.brandId, brandName: answer.brandName } : { kind: 'none' };

/** Whether an item may put its credit on a number (docs/decisions/0027-numbers-of-another-operator.md). */
export type NumberVerdict =
  /**
   * `confirmed`: the look-up named the product's own brand. False when nothing could be known
   * (a number no brand owns, a look-up that could not answer) or the item credits no number.
   */
  | { ok: true; confirmed: boolean }
  | { ok: false; code: 'PHONE_NUMBER_OF_OTHER_OPERATOR'; owner: { brandId: string; brandName: string } };

/**
 * The rule for an item with a number: a top-up (or cash code) of a brand never goes to a number
 * that another brand owns, because the product's operator could not deliver it. Only that certainty refuses:
 * a number no brand owns and a look-up that cannot answer let the item go on, for the operator
 * to decide at delivery, where a top-up it refuses is not charged (the payment is only held until
 * then, decision 0014). Items of other kinds pass.
 */
export function numberVerdict(product: { kind: string; brandId: string }, owner: NumberOwner): NumberVerdict {
  if (!isNumberBoundKind(product.kind) || owner.kind !== 'brand') return { ok: true, confirmed: false };
  if (owner.brandId === product.brandId) return { ok: true, confirmed: true };
  return {
    ok: false,
    code: 'PHONE_NUMBER_OF_OTHER_OPERATOR',
    owner: { brandId: owner.brandId, brandName: owner.brandName },
  };
}

/**
 * The distinct numbers of a request that need a look-up: those of number-bound items, each once.
 * `phoneNumber` is the item's normalised number (E.164); items without one are left out.
 */
export function numbersToLookUp(
  items: readonly { kind: string | undefined; phoneNumber: string | null | undefined }[],
): string[] {
  const numbers = new Set<string>();
  for (const item of items) {
    if (item.phoneNumber && item.kind !== undefined && isNumberBoundKind(item.kind)) {
      numbers.add(item.phoneNumber);
    }
  }
  return [...numbers];
}
