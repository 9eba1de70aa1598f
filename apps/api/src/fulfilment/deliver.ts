import { setTimeout as sleep } from 'node:timers/promises';
import type { Order, OrderUnit } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { isDeliveryCovered, isUnitFinal, outgoingMsisdn, type UnitState } from '@shop/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { OperatorUnavailableError, type TopupOutcome } from '../adapters/operator';
import { recordOrderEvent } from '../orders/timeline';
import { sellPin } from '../vouchers/stock';
import type { FulfilmentContext } from './context';

const { orderUnits, products } = schema;

/** How long a commit follows a pending top-up before it answers "still pending". */
const PENDING_FOLLOW_UP_MS = 8000;
const FOLLOW_UP_INTERVAL_MS = 500;

type Result = {
  state: Extract<UnitState, 'SUCCEEDED' | 'FAILED'>;
  result: Record<string, unknown>;
  voucherPinId?: string;
};

/** The tenant's operator: the sandbox operator or its aggregator (decision 0070). */
const operatorOf = (context: FulfilmentContext) => context.operators.of(context.tenant.shopId);

/** Writes the intent before the operator is called: a crash leaves the unit IN_PROGRESS, to be asked about. */
async function markInProgress(context: FulfilmentContext, unit: OrderUnit): Promise<void> {
  await context.db
    .update(orderUnits)
    .set({ state: 'IN_PROGRESS', attempts: unit.attempts + 1, updatedAt: new Date() })
    .where(eq(orderUnits.id, unit.id));
}

/** Writes a unit's outcome and its timeline entry, in the caller's transaction. */
async function record(tx: Transaction, order: Order, unit: OrderUnit, outcome: Result): Promise<void> {
  await tx
    .update(orderUnits)
    .set({
      state: outcome.state,
      result: outcome.result,
      voucherPinId: outcome.voucherPinId ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(orderUnits.id, unit.id), inArray(orderUnits.state, ['PENDING', 'IN_PROGRESS'])));
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: outcome.state === 'SUCCEEDED' ? 'unit.delivered' : 'unit.failed',
    detail: { reference: unit.reference, kind: unit.kind, ...withoutSecrets(outcome.result) },
  });
}

const withoutSecrets = ({ pinEncrypted: _pin, ...rest }: Record<string, unknown>) => rest;

function topupResult(outcome: TopupOutcome): Result | undefined {
  if (outcome.status === 'PENDING') return undefined;
  if (outcome.status === 'FAILED') return { state: 'FAILED', result: { reason: outcome.reason } };
  if (outcome.status === 'REVERSED') return { state: 'FAILED', result: { reason: 'REVERSED' } };
  return {
    state: 'SUCCEEDED',
    result: { operatorReference: outcome.operatorReference, balanceAfter: outcome.balanceAfter },
  };
}

/**
 * A top-up with the unit's reference as the operator's client reference. A unit already under way
 * (a timeout, a crash) is first looked up, so that it is never sent as a new top-up; a pending one
 * is followed up for a while.
 */
async function topUp(context: FulfilmentContext, unit: OrderUnit): Promise<Result | undefined> {
  const operator = operatorOf(context);
  const earlier = unit.state === 'IN_PROGRESS' ? await operator.topupStatus(unit.reference) : undefined;
  let outcome =
    earlier ??
    (await operator.topup({
      reference: unit.reference,
      productId: unit.productId,
      msisdn: outgoingMsisdn(unit.phoneNumber ?? '', context.tenant.settings.stripLeadingPlus),
      amount: unit.faceValue,
      currency: unit.currency,
    }));
  for (
    let waited = 0;
    outcome.status === 'PENDING' && waited < PENDING_FOLLOW_UP_MS;
    waited += FOLLOW_UP_INTERVAL_MS
  ) {
    await sleep(FOLLOW_UP_INTERVAL_MS);
    outcome = (await operator.topupStatus(unit.reference)) ?? outcome;
  }
  return topupResult(outcome);
}

/**
 * A voucher PIN: from the shop's own stock (sold and linked to the unit in one transaction, so a
 * crash can never sell a second PIN for the unit), or issued by the operator with the unit's
 * reference (kept encrypted). Answers undefined when the unit was recorded here already.
 */
async function voucher(
  context: FulfilmentContext,
  order: Order,
  unit: OrderUnit,
): Promise<Result | undefined> {
  const { db, tenant, pins } = context;
  const operator = operatorOf(context);
  const [product] = await db
    .select({ pinSource: products.pinSource })
    .from(products)
    .where(and(eq(products.tenantId, tenant.shopId), eq(products.productId, unit.productId)));
  if (product?.pinSource === 'STOCK') {
    await db.transaction(async (tx) => {
      const sold = await sellPin(tx, {
        tenantId: tenant.shopId,
        orderId: order.id,
        productId: unit.productId,
        cipher: pins,
        now: new Date(),
      });
      const outcome: Result = sold
        ? {
            state: 'SUCCEEDED',
            result: { serial: sold.serial, validUntil: sold.validUntil },
            voucherPinId: sold.pinId,
          }
        : { state: 'FAILED', result: { reason: 'OUT_OF_STOCK' } };
      await record(tx, order, unit, outcome);
    });
    return undefined;
  }
  const issued = await operator.issueVoucher({
    reference: unit.reference,
    productId: unit.productId,
    amount: unit.faceValue,
    currency: unit.currency,
  });
  if (!issued.ok) return { state: 'FAILED', result: { reason: issued.code } };
  return {
    state: 'SUCCEEDED',
    result: { pinEncrypted: pins.encrypt(issued.pin), serial: issued.serial, validUntil: issued.validUntil },
  };
}

async function cashCode(context: FulfilmentContext, order: Order, unit: OrderUnit): Promise<Result> {
  const line = order.lines[unit.lineIndex];
  const redeemed = await operatorOf(context).redeemCashCode({
    reference: unit.reference,
    code: line?.cashCode ?? '',
    msisdn: outgoingMsisdn(unit.phoneNumber ?? '', context.tenant.settings.stripLeadingPlus),
  });
  return redeemed.ok
    ? { state: 'SUCCEEDED', result: { creditAdded: redeemed.amount, currency: redeemed.currency } }
    : { state: 'FAILED', result: { reason: redeemed.code } };
}

/** A unit the order's confirmed payment does not cover is never sent (decision 0017). */
const NOT_COVERED: Result = { state: 'FAILED', result: { reason: 'NOT_COVERED' } };

/**
 * Delivers every unit not yet final, in order, each only when `confirmed` (what the provider
 * confirmed for the order) covers it on top of the units delivered or under way. Answers false
 * when one is still under way at the operator (pending, or the operator is unreachable): the
 * commit then answers "pending" and a later commit or the reconciliation pass finishes it with
 * the same references.
 */
export async function deliverUnits(
  context: FulfilmentContext,
  order: Order,
  units: OrderUnit[],
  confirmed: number,
): Promise<boolean> {
  let committed = units
    .filter((unit) => unit.state === 'SUCCEEDED' || unit.state === 'IN_PROGRESS')
    .reduce((sum, unit) => sum + unit.price, 0);
  for (const unit of units) {
    if (isUnitFinal(unit.state)) continue;
    // A unit under way was covered when it was sent; it is only looked up again.
    if (unit.state === 'PENDING') {
      if (!isDeliveryCovered(unit, confirmed, committed)) {
        await context.db.transaction((tx) => record(tx, order, unit, NOT_COVERED));
        continue;
      }
      committed += unit.price;
    }
    await markInProgress(context, unit);
    let outcome: Result | undefined;
    try {
      if (unit.kind === 'VOUCHER') {
        outcome = await voucher(context, order, unit);
        if (!outcome) continue;
      } else if (unit.kind === 'CASH_CODE') outcome = await cashCode(context, order, unit);
      else outcome = await topUp(context, unit);
    } catch (error) {
      if (!(error instanceof OperatorUnavailableError)) throw error;
      context.log.warn({ err: error, reference: unit.reference }, 'delivery left under way');
      return false;
    }
    if (!outcome) return false;
    if (outcome.state === 'FAILED') committed -= unit.price;
    const recorded = outcome;
    await context.db.transaction((tx) => record(tx, order, unit, recorded));
  }
  return true;
}
