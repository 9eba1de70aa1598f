import type { Order, OrderUnit, Payment } from '@shop/db';
import type { OrderStatus, StoredOutcome } from '@shop/domain';
import { commitMessageKey, settledPaymentStatus } from '@shop/domain';
import type { CommitAnswer, DeliveredVoucher } from '@shop/domain/contract';
import { deliveryView } from '../voucher-delivery/deliveries';
import { readSoldPin } from '../vouchers/stock';
import type { FulfilmentContext } from './context';

export type { CommitAnswer, DeliveredVoucher };

/** The brand of the order line a unit came from, as the order's snapshot of its cart holds it. */
function brandOf(order: Order, unit: OrderUnit): DeliveredVoucher['brand'] {
  const line = order.lines[unit.lineIndex];
  return line ? { brandId: line.brand.brandId, name: line.brand.name } : null;
}

/** What reading an order's answer needs: its PINs are decrypted from the tenant's stock. */
type AnswerReader = Pick<FulfilmentContext, 'db' | 'tenant' | 'pins'>;

/** The delivered voucher units of the order, in its order. */
export const deliveredVoucherUnits = (units: readonly OrderUnit[]): OrderUnit[] =>
  units.filter((unit) => unit.kind === 'VOUCHER' && unit.state === 'SUCCEEDED');

/** The PINs of the delivered voucher units, decrypted, in the order of `deliveredVoucherUnits`. */
export async function vouchersOf(
  context: AnswerReader,
  order: Order,
  units: readonly OrderUnit[],
): Promise<DeliveredVoucher[]> {
  const delivered = deliveredVoucherUnits(units);
  return Promise.all(
    delivered.map(async (unit) => {
      const result = unit.result;
      const stored = unit.voucherPinId
        ? await readSoldPin(context.db, {
            tenantId: context.tenant.shopId,
            pinId: unit.voucherPinId,
            cipher: context.pins,
          })
        : undefined;
      const pin = stored?.pin ?? (result.pinEncrypted ? context.pins.decrypt(result.pinEncrypted) : '');
      const validUntil = stored?.validUntil ?? result.validUntil ?? null;
      return {
        productId: unit.productId,
        brand: brandOf(order, unit),
        pin,
        serial: stored?.serial ?? result.serial ?? null,
        validUntil: validUntil instanceof Date ? validUntil.toISOString() : validUntil,
      };
    }),
  );
}

/** Why a cash code could not be redeemed, as a message key. */
const FAILURE_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  UNKNOWN_CASH_CODE: 'cashCodeUnknown',
  CASH_CODE_USED: 'cashCodeUsed',
};

function failureMessageKey(units: readonly OrderUnit[]): string | null {
  const reasons = units.map((unit) => unit.result.reason);
  const known = reasons.find((reason) => reason !== undefined && FAILURE_MESSAGE_KEYS[reason]);
  return known ? (FAILURE_MESSAGE_KEYS[known] ?? null) : null;
}

/** The credit a delivered top-up or cash code added: the operator's figure, else the face value. */
export const creditOf = (unit: OrderUnit): number => unit.result.creditAdded ?? unit.faceValue;

/** The numbers the delivered top-ups and cash codes went to, each once, in the order's order. */
const toppedUpNumbers = (units: readonly OrderUnit[]): string[] => [
  ...new Set(
    units.flatMap((unit) =>
      unit.state === 'SUCCEEDED' && unit.kind !== 'VOUCHER' && unit.phoneNumber ? [unit.phoneNumber] : [],
    ),
  ),
];

/** The answer for a final order; `replay` answers ORDER_ALREADY_COMMITTED with the same details. */
export async function finalAnswer(
  context: AnswerReader,
  order: Order,
  payment: Payment | undefined,
  units: readonly OrderUnit[],
  outcome: StoredOutcome,
  replay: boolean,
): Promise<CommitAnswer> {
  const vouchers = await vouchersOf(context, order, units);
  const creditAdded = units
    .filter((unit) => unit.state === 'SUCCEEDED' && unit.kind !== 'VOUCHER')
    .reduce((sum, unit) => sum + creditOf(unit), 0);
  const partial = outcome.status === 'partiallyCommitted';
  return {
    orderNumber: order.orderNumber,
    orderStatus: replay ? 'ORDER_ALREADY_COMMITTED' : outcome.status,
    messages: partial ? ['partiallyCommitted'] : [],
    paymentStatus: outcome.paymentId ? settledPaymentStatus(outcome.settlement) : (payment?.state ?? null),
    amountCharged: outcome.settlement.charge,
    creditAdded,
    paymentReference: payment?.reference ?? order.orderNumber,
    currency: order.currency,
    voucherPin: vouchers[0]?.pin ?? null,
    vouchers,
    phoneNumbers: toppedUpNumbers(units),
    message: commitMessageKey(outcome.status) ?? failureMessageKey(units),
    orderedAt: order.createdAt.toISOString(),
    voucherDelivery: await deliveryView(context.db, order, vouchers.length > 0),
  };
}

/** The answer while the order waits for its payment or a delivery, or after the payment failed. */
export function interimAnswer(
  order: Order,
  payment: Payment | undefined,
  orderStatus: OrderStatus,
): CommitAnswer {
  return {
    orderNumber: order.orderNumber,
    orderStatus,
    messages: [],
    paymentStatus: payment?.state ?? null,
    amountCharged: 0,
    creditAdded: 0,
    paymentReference: payment?.reference ?? null,
    currency: order.currency,
    voucherPin: null,
    vouchers: [],
    phoneNumbers: [],
    message: null,
    orderedAt: order.createdAt.toISOString(),
    voucherDelivery: null,
  };
}
