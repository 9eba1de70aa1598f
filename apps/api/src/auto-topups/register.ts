import type { Order } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  type AutoTopupType,
  DomainError,
  nextRunAt,
  type OrderLineRecord,
  type RecurringSchedule,
  timeZoneOfCountry,
} from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { setupTypeOf } from '../cart/items';
import { recordOrderEvent } from '../orders/timeline';

const { autoTopups, paymentTokens } = schema;

/** Whether an order's line sets up a light top-up, which charges no saved method (decision 0042). */
export const isLightSetup = (line: Pick<OrderLineRecord, 'setup'>) => line.setup?.autoTopupLight === true;

/** The schedule of a weekly or monthly top-up. */
export function scheduleOf(type: string, recurringDay: number | null): RecurringSchedule | undefined {
  if (recurringDay === null) return undefined;
  if (type === 'WEEKLY') return { type: 'WEEKLY', weekday: recurringDay };
  if (type === 'MONTHLY') return { type: 'MONTHLY', day: recurringDay };
  return undefined;
}

/** The tenant's time zone, in which weekly and monthly top-ups run. */
export const timeZoneOf = (tenant: TenantConfig) => timeZoneOfCountry(tenant.country);

/** The low-balance kinds: at most one live per number and tenant. */
const LOW_BALANCE_KINDS: readonly AutoTopupType[] = ['LOW_BALANCE', 'TARIFF'];

/**
 * Whether a top-up of this type cannot be set up on the number because the number has a live
 * low-balance (or tariff) top-up in this shop already: a number has at most one.
 */
export async function isLowBalanceTaken(
  tx: Database | Transaction,
  tenantId: string,
  msisdn: string,
  type: AutoTopupType,
): Promise<boolean> {
  if (!LOW_BALANCE_KINDS.includes(type)) return false;
  const [row] = await tx
    .select({ id: autoTopups.id })
    .from(autoTopups)
    .where(
      and(
        eq(autoTopups.tenantId, tenantId),
        eq(autoTopups.msisdn, msisdn),
        inArray(autoTopups.type, [...LOW_BALANCE_KINDS]),
        ne(autoTopups.status, 'DELETED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export const lowBalanceTaken = (msisdn: string) =>
  new DomainError('EXISTING_LOW_BALANCE_TOPUP', `${msisdn} has a low-balance top-up already`);

/**
 * The automatic top-ups an order sets up, registered ENABLED on the saved method the order names
 * (the one its payment saved, or the one a free set-up chose), a light one on none: once per
 * line, however often the commit runs. A number that meanwhile got a low-balance top-up keeps that one.
 */
export async function registerSetups(
  tx: Transaction,
  tenant: TenantConfig,
  order: Order,
  now: Date,
): Promise<number> {
  const lines = order.lines.map((line, index) => ({ line, index }));
  const setups = lines.filter(({ line }) => line.kind === 'AUTOMATIC' && line.phoneNumber);
  if (setups.length === 0 || !order.customerId) return 0;
  const [found] = order.paymentTokenId
    ? await tx
        .select()
        .from(paymentTokens)
        .where(
          and(eq(paymentTokens.id, order.paymentTokenId), eq(paymentTokens.customerId, order.customerId)),
        )
    : [];
  const token = found?.status === 'ACTIVE' ? found : undefined;
  let registered = 0;
  let charging = 0;
  for (const { line, index } of setups) {
    const type = setupTypeOf(line.setup ?? {});
    const msisdn = line.phoneNumber;
    const light = isLightSetup(line);
    if (!type || !msisdn || (!light && !token)) continue;
    if (await isLowBalanceTaken(tx, tenant.shopId, msisdn, type)) {
      await recordOrderEvent(tx, { orderId: order.id, type: 'auto-topup.exists', detail: { msisdn, type } });
      continue;
    }
    const recurringDay = line.setup?.recurringOption?.recurringDay ?? null;
    const schedule = scheduleOf(type, recurringDay);
    const [inserted] = await tx
      .insert(autoTopups)
      .values({
        tenantId: tenant.shopId,
        customerId: order.customerId,
        paymentTokenId: light ? null : (token?.id ?? null),
        light,
        msisdn,
        brand: line.brand.brandId,
        productId: line.productId,
        amount: line.additionalData.autoTopupAmount ?? line.amount,
        currency: order.currency,
        type,
        lowBalanceLimit:
          type === 'LOW_BALANCE' ? (line.setup?.lowBalanceOption?.lowBalanceLimit ?? null) : null,
        tariffEnabled: type === 'TARIFF' || line.setup?.lowBalanceOption?.tariffEnabled === true,
        recurringDay: schedule ? recurringDay : null,
        status: 'ENABLED',
        nextRunAt: schedule ? nextRunAt(schedule, now, timeZoneOf(tenant)) : null,
        setupOrderId: order.id,
        setupLine: index,
      })
      .onConflictDoNothing()
      .returning({ id: autoTopups.id });
    if (!inserted) continue;
    registered += 1;
    if (!light) charging += 1;
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'auto-topup.registered',
      detail: { autoTopupId: inserted.id, type, msisdn },
    });
  }
  if (charging > 0 && token) {
    await tx
      .update(paymentTokens)
      .set({ recurring: true, updatedAt: now })
      .where(eq(paymentTokens.id, token.id));
  }
  return registered;
}
