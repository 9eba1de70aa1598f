import { randomInt } from 'node:crypto';
import { IdempotencyStore } from '../idempotency';
import { randomId } from '../ids';
import type { VoucherRequest } from './validation';

/**
 * Voucher PINs the sandbox operator issues for its products, idempotent by the caller's
 * `clientReference`: the same reference with the same request answers the same voucher, another
 * request with it is a conflict. A `productId` containing {@link SOLD_OUT_MARKER} is out of
 * stock (nothing is issued or remembered). Kept in memory.
 */

/** A product id containing this is out of stock, e.g. `funkfix-15-sold-out`. */
export const SOLD_OUT_MARKER = 'sold-out';

export interface Voucher extends VoucherRequest {
  voucherId: string;
  /** 16 digits. */
  pin: string;
  /** `SN` and 10 digits. */
  serial: string;
  /** The last day the PIN can be used, `YYYY-MM-DD`: one year after issue. */
  validUntil: string;
}

export type VoucherIssue =
  | { kind: 'new'; voucher: Voucher }
  | { kind: 'replay'; voucher: Voucher }
  | { kind: 'conflict' }
  | { kind: 'out-of-stock' };

function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

/** The same day one year on, as `YYYY-MM-DD` (29 February becomes 1 March). */
export function oneYearOn(now: Date): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export class VoucherService {
  readonly #byReference = new IdempotencyStore<Voucher>();

  issue(request: VoucherRequest, now = new Date()): VoucherIssue {
    const earlier = this.#byReference.lookup(request.clientReference, request);
    if (earlier.kind === 'conflict') return earlier;
    if (earlier.kind === 'replay') return { kind: 'replay', voucher: earlier.answer };
    if (request.productId.includes(SOLD_OUT_MARKER)) return { kind: 'out-of-stock' };
    const voucher: Voucher = {
      ...request,
      voucherId: randomId('vch'),
      pin: `${randomInt(1, 10)}${digits(15)}`,
      serial: `SN${digits(10)}`,
      validUntil: oneYearOn(now),
    };
    this.#byReference.remember(request.clientReference, request, voucher);
    return { kind: 'new', voucher };
  }
}

/** A voucher as callers see it. */
export function voucherView(voucher: Voucher): Record<string, unknown> {
  return {
    voucherId: voucher.voucherId,
    clientReference: voucher.clientReference,
    productId: voucher.productId,
    pin: voucher.pin,
    serial: voucher.serial,
    validUntil: voucher.validUntil,
    amount: voucher.amount,
    currency: voucher.currency,
  };
}
