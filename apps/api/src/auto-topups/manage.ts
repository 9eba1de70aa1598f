import type { AutoTopup } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  type AutoTopupAction,
  type AutoTopupStatus,
  actionForStatus,
  applyAutoTopupAction,
  DomainError,
  monthStartIn,
  nextRunAt,
} from '@shop/domain';
import type { AutoTopupRow, UpdateAutoTopupRequest } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, ne } from 'drizzle-orm';
import { chargeableToken, releaseToken, type SavedMethod } from '../payment-methods/tokens';
import { scheduleOf, timeZoneOf } from './register';
import { rowById } from './rows';

const { autoTopups, paymentTokens } = schema;

/** One call of the signed-in shopper about their automatic top-ups. */
export interface AutoTopupContext {
  db: Database;
  tenant: TenantConfig;
  customerId: string;
  now: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's own top-up, locked for a change; NOT_FOUND for any other id (none is told apart). */
async function ownTopup(tx: Transaction, context: AutoTopupContext, id: string): Promise<AutoTopup> {
  const [topup] = !UUID.test(id)
    ? []
    : await tx
        .select()
        .from(autoTopups)
        .where(
          and(
            eq(autoTopups.id, id),
            eq(autoTopups.tenantId, context.tenant.shopId),
            eq(autoTopups.customerId, context.customerId),
            ne(autoTopups.status, 'DELETED'),
          ),
        )
        .for('update');
  if (!topup) throw new DomainError('NOT_FOUND', 'No automatic top-up of this account has this id');
  return topup;
}

/** The account's own live top-up, or NOT_FOUND (for a method saved for it). */
export const ownAutoTopup = (context: AutoTopupContext, id: string) =>
  context.db.transaction((tx) => ownTopup(tx, context, id));

/** The status an action leads to, or why not (the domain's transition table). */
function nextStatus(context: AutoTopupContext, topup: AutoTopup, action: AutoTopupAction) {
  const transition = applyAutoTopupAction(topup.status, action, {
    pauseAllowed: context.tenant.topup.options.pauseAllowed,
  });
  if (!transition.ok) {
    throw new DomainError(
      'VALIDATION_FAILED',
      action === 'pause' && !context.tenant.topup.options.pauseAllowed
        ? 'This shop does not let automatic top-ups pause; delete it instead'
        : `An automatic top-up that is ${topup.status} cannot be ${action}d`,
    );
  }
  return transition.status;
}

/** The fields that change with a new status: a schedule starts afresh when it is activated again. */
function statusChanges(context: AutoTopupContext, topup: AutoTopup, status: AutoTopupStatus) {
  const schedule = scheduleOf(topup.type, topup.recurringDay);
  const restarts = status === 'ENABLED' && topup.status !== 'ENABLED';
  return {
    status,
    ...(restarts && schedule
      ? { nextRunAt: nextRunAt(schedule, context.now, timeZoneOf(context.tenant)) }
      : {}),
    ...(restarts ? { dipTriggeredAt: null, dipRearmed: true } : {}),
  };
}

/**
 * PUT /api/topup/autotopup: activate, pause (where the tenant allows it) or delete; another saved
 * method of the account; a monthly cap. Answers the top-up as it is now.
 */
export async function updateAutoTopup(
  context: AutoTopupContext,
  input: UpdateAutoTopupRequest,
): Promise<AutoTopupRow> {
  const { db } = context;
  await db.transaction(async (tx) => {
    const topup = await ownTopup(tx, context, input.autoTopupId);
    if (input.status === 'DELETED') return removeTopup(tx, context, topup);
    const action = input.status === undefined ? undefined : actionForStatus(input.status);
    if (input.status !== undefined && !action) {
      throw new DomainError('VALIDATION_FAILED', 'status must be ENABLED, DISABLED or DELETED');
    }
    let changes: Partial<AutoTopup> = {};
    if (input.paymentToken !== undefined && input.paymentToken !== topup.paymentTokenId) {
      const token = await chargeableToken(tx, context.customerId, input.paymentToken);
      changes.paymentTokenId = token.id;
      await tx
        .update(paymentTokens)
        .set({ recurring: true, updatedAt: context.now })
        .where(eq(paymentTokens.id, token.id));
    }
    if (action)
      changes = { ...changes, ...statusChanges(context, topup, nextStatus(context, topup, action)) };
    if (input.monthlyCap !== undefined) {
      // A cap below one top-up would skip every run: a shopper who wants none pauses or cancels.
      if (input.monthlyCap !== null && input.monthlyCap < topup.amount) {
        throw new DomainError('VALIDATION_FAILED', 'monthlyCap must be at least the amount of one top-up');
      }
      changes.monthlyCap = input.monthlyCap;
    }
    await tx
      .update(autoTopups)
      .set({ ...changes, updatedAt: context.now })
      .where(eq(autoTopups.id, topup.id));
    if (changes.paymentTokenId) await releaseToken(tx, topup.paymentTokenId, context.now);
  });
  return rowById(db, input.autoTopupId, {
    now: context.now,
    monthStart: monthStartIn(context.now, timeZoneOf(context.tenant)),
  });
}

/** Deletion (spec §4): the entry is gone and its method, when nothing else charges it, non-recurring. */
async function removeTopup(tx: Transaction, context: AutoTopupContext, topup: AutoTopup): Promise<void> {
  nextStatus(context, topup, 'delete');
  await tx
    .update(autoTopups)
    .set({ status: 'DELETED', nextRunAt: null, updatedAt: context.now })
    .where(eq(autoTopups.id, topup.id));
  await releaseToken(tx, topup.paymentTokenId, context.now);
}

/** POST /api/topup/autotopup/delete: one step, no questions (the cancellation button of §312k BGB). */
export async function deleteAutoTopup(context: AutoTopupContext, autoTopupId: string): Promise<void> {
  await context.db.transaction(async (tx) =>
    removeTopup(tx, context, await ownTopup(tx, context, autoTopupId)),
  );
}

/**
 * A method saved for an automatic top-up (payment-method flow, spec §4): the top-up charges it
 * from now on, and one that had become invalid is active again.
 */
export async function repairAutoTopup(context: AutoTopupContext, autoTopupId: string, token: SavedMethod) {
  await context.db.transaction(async (tx) => {
    const topup = await ownTopup(tx, context, autoTopupId);
    const invalid = topup.status === 'INVALID_AFTER_ENABLED' || topup.status === 'INVALID_AFTER_DISABLED';
    await tx
      .update(autoTopups)
      .set({
        paymentTokenId: token.id,
        ...(invalid ? statusChanges(context, topup, nextStatus(context, topup, 'activate')) : {}),
        updatedAt: context.now,
      })
      .where(eq(autoTopups.id, topup.id));
    await tx
      .update(paymentTokens)
      .set({ recurring: true, updatedAt: context.now })
      .where(eq(paymentTokens.id, token.id));
    if (topup.paymentTokenId !== token.id) await releaseToken(tx, topup.paymentTokenId, context.now);
  });
}
