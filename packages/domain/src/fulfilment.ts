import { isSetupKind, type ProductKind } from './catalogue';
import type { OrderStatus } from './payment';

// ---------------------------------------------------------------------------------------------
// Fulfilment (docs/fulfilment.md): delivering an order unit by unit and settling its payment.
// ---------------------------------------------------------------------------------------------

/**
 * A unit's delivery: not tried, under way at the operator, delivered, or failed for good; or
 * reversed: delivered, then taken back by the operator (an aggregator's rare reversal after
 * completion), its price refunded.
 */
export const UNIT_STATES = ['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'REVERSED'] as const;
export type UnitState = (typeof UNIT_STATES)[number];

export const isUnitFinal = (state: UnitState): boolean =>
  state === 'SUCCEEDED' || state === 'FAILED' || state === 'REVERSED';

/** An order line as the order's snapshot keeps it. */
export interface OrderLine {
  productId: string;
  kind: ProductKind;
  /** Face value of one unit, minor units. */
  amount: number;
  serviceFee: number;
  quantity: number;
  phoneNumber: string | null;
}

/** One unit to deliver, with what the shopper paid for it. */
export interface UnitPlan {
  lineIndex: number;
  unitIndex: number;
  productId: string;
  kind: ProductKind;
  faceValue: number;
  price: number;
  phoneNumber: string | null;
}

/**
 * The order's units (a quantity n gives n units) and the share of the total each was paid with:
 * the total (after cart fees and discounts) split in proportion to each unit's face value and
 * fee, the cents left by rounding down going to the first units, so the shares add up to the total.
 * A free automatic or SMS line (in an order of total 0, or at 0 itself) is a set-up: it registers,
 * and delivers nothing.
 */
export function planUnits(lines: readonly OrderLine[], totalPrice: number): UnitPlan[] {
  const isFreeSetup = (line: OrderLine) =>
    isSetupKind(line.kind) && (totalPrice === 0 || line.amount + line.serviceFee === 0);
  const units = lines.flatMap((line, lineIndex) =>
    Array.from({ length: isFreeSetup(line) ? 0 : line.quantity }, (_, unitIndex) => ({
      lineIndex,
      unitIndex,
      productId: line.productId,
      kind: line.kind,
      faceValue: line.amount,
      gross: line.amount + line.serviceFee,
      phoneNumber: line.phoneNumber,
    })),
  );
  const grossTotal = units.reduce((sum, unit) => sum + unit.gross, 0);
  if (grossTotal === 0) return units.map(({ gross: _gross, ...unit }) => ({ ...unit, price: 0 }));
  const shares = units.map((unit) => Math.floor((unit.gross * totalPrice) / grossTotal));
  let left = totalPrice - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; left > 0; index = (index + 1) % shares.length, left -= 1) {
    shares[index] = (shares[index] ?? 0) + 1;
  }
  return units.map(({ gross: _gross, ...unit }, index) => ({ ...unit, price: shares[index] ?? 0 }));
}

/**
 * The money rule where value leaves the shop (decision 0017): a unit is delivered only when what
 * the provider has confirmed for its order covers the unit's price on top of the prices of the
 * units delivered before it. A cash code pays for itself: its redemption at the operator, before
 * any credit moves, is the payment.
 */
export function isDeliveryCovered(
  unit: { kind: string; price: number },
  confirmed: number,
  alreadyDelivered: number,
): boolean {
  if (unit.kind === 'CASH_CODE') return true;
  return alreadyDelivered + unit.price <= confirmed;
}

/** A payment as the provider reports it; amounts in minor units. */
export interface ConfirmedPayment {
  status: string;
  amount: number;
  currency: string;
  /** Absent before capture. */
  capturedAmount?: number;
  refundedAmount: number;
}

/**
 * What a provider's payment confirms for an order in its currency: the amount held while
 * authorized, or what was captured less what went back; nothing in any other state or currency.
 */
export function confirmedAmount(payment: ConfirmedPayment | undefined, currency: string): number {
  if (!payment || payment.currency !== currency) return 0;
  if (payment.status === 'AUTHORIZED') return payment.amount;
  if (payment.status === 'CAPTURED' || payment.status === 'PARTIALLY_REFUNDED') {
    return Math.max((payment.capturedAmount ?? payment.amount) - payment.refundedAmount, 0);
  }
  return 0;
}

/**
 * The final order status of a commit by its units' outcomes (all units final); a reversed unit
 * counts as not delivered, so a reversal moves a delivered order to what it now is.
 */
export function commitStatus(
  states: readonly UnitState[],
): Extract<OrderStatus, 'committed' | 'partiallyCommitted' | 'refunded'> {
  const delivered = states.filter((state) => state === 'SUCCEEDED').length;
  if (delivered === states.length) return 'committed';
  return delivered === 0 ? 'refunded' : 'partiallyCommitted';
}

/** What the payment keeps and gives back once the units are final. */
export interface Settlement {
  /** Minor units the shopper pays in the end: the price of every delivered unit. */
  charge: number;
  /** Minor units given back (not captured, voided or refunded). */
  giveBack: number;
}

export function settlement(units: readonly { price: number; state: UnitState }[], paid: number): Settlement {
  const charge = units
    .filter((unit) => unit.state === 'SUCCEEDED')
    .reduce((sum, unit) => sum + unit.price, 0);
  return { charge: Math.min(charge, paid), giveBack: Math.max(paid - charge, 0) };
}

/**
 * How a settled payment is reported to the shop (docs/fulfilment.md `paymentStatus`): all kept,
 * part given back (a partial capture or refund), or all given back (a void or full refund).
 */
export function settledPaymentStatus({
  charge,
  giveBack,
}: Settlement): 'CAPTURED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' {
  if (giveBack === 0) return 'CAPTURED';
  return charge === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** The message key a final commit answer carries, if any. */
export function commitMessageKey(status: OrderStatus): string | null {
  if (status === 'refunded') return 'refunded';
  if (status === 'partiallyCommitted') return 'partiallyCommittedMessage';
  return null;
}

/**
 * The order state machine (docs/fulfilment.md): the statuses an order may move to from each. The
 * payment decides the order until the commit; a declined or cancelled payment may be followed by
 * a new attempt; the commit ends the order in committed, partiallyCommitted, refunded or (without
 * a payment) failed. Final orders move no more, but by a reversal ({@link REVERSAL_TRANSITIONS}).
 */
const ORDER_MOVES = {
  paymentInit: [
    'paymentPending',
    'paymentAuthorized',
    'paid',
    'failed',
    'cancelled',
    'aborted',
    'committed',
    'partiallyCommitted',
  ],
  paymentPending: ['paymentAuthorized', 'paid', 'failed', 'cancelled', 'aborted'],
  paymentAuthorized: ['paid', 'cancelled', 'aborted', 'committed', 'partiallyCommitted', 'refunded'],
  paid: ['committed', 'partiallyCommitted', 'refunded'],
  failed: ['paymentInit', 'paymentPending', 'paymentAuthorized', 'paid'],
  cancelled: ['paymentInit', 'paymentPending', 'paymentAuthorized', 'paid'],
  aborted: ['paymentInit', 'paymentPending', 'paymentAuthorized', 'paid'],
  committed: [],
  partiallyCommitted: [],
  refunded: [],
} as const satisfies Partial<Record<OrderStatus, readonly OrderStatus[]>>;

/** The statuses an order is kept in; spec §4's others only appear in answers. */
export type StoredOrderStatus = keyof typeof ORDER_MOVES;

/** {@link ORDER_MOVES}, typed so that every status it leads to is one an order is kept in. */
export const ORDER_TRANSITIONS: Readonly<Record<StoredOrderStatus, readonly StoredOrderStatus[]>> =
  ORDER_MOVES;

export const isStoredOrderStatus = (status: string): status is StoredOrderStatus =>
  Object.hasOwn(ORDER_TRANSITIONS, status);

/**
 * The only moves of a final order: an operator took back a delivered top-up (decision 0070), and
 * the order becomes what its units now are. Nothing else moves a final order, whatever its
 * payment does (a refund by staff leaves it committed).
 */
export const REVERSAL_TRANSITIONS: Readonly<
  Partial<Record<StoredOrderStatus, readonly StoredOrderStatus[]>>
> = {
  committed: ['partiallyCommitted', 'refunded'],
  partiallyCommitted: ['refunded'],
};

/** Whether a reversal may move an order from one status to another. */
export const canReverseOrder = (from: string, to: string): boolean =>
  isStoredOrderStatus(from) && isStoredOrderStatus(to) && (REVERSAL_TRANSITIONS[from] ?? []).includes(to);

/** Whether an order may move from one status to another by {@link ORDER_TRANSITIONS}. */
export function canMoveOrder(from: string, to: string): boolean {
  return isStoredOrderStatus(from) && isStoredOrderStatus(to) && ORDER_TRANSITIONS[from].includes(to);
}
