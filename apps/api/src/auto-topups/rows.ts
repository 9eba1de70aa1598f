import type { AutoTopup } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { type AutoTopupStatus, type AutoTopupType, familyOf, monthStartIn } from '@shop/domain';
import type { AutoTopupQuery, AutoTopupRow, LightLinkState } from '@shop/domain/contract';
import { and, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { latestLiveLinks } from './light-links';
import { normaliseMsisdn } from './numbers';

const { autoTopupRuns, autoTopups, orders, paymentTokens } = schema;

/** A query's types read as types or as families: LOW_BALANCE also finds TARIFF, RECURRING finds WEEKLY and MONTHLY. */
function typesMatching(asked: readonly AutoTopupType[]): AutoTopupType[] {
  const all: AutoTopupType[] = ['LOW_BALANCE', 'WEEKLY', 'MONTHLY', 'TARIFF', 'RECURRING'];
  return all.filter((type) => asked.includes(type) || asked.includes(familyOf(type)));
}

/** The automatic charges of each top-up since the month began, newest first. */
async function chargesOf(db: Database | Transaction, ids: string[], since: Date) {
  if (ids.length === 0) return new Map<string, AutoTopupRow['charges']>();
  const rows = await db
    .select({
      autoTopupId: autoTopupRuns.autoTopupId,
      orderNumber: orders.orderNumber,
      amount: orders.totalPrice,
      currency: orders.currency,
      orderStatus: orders.status,
      createdAt: orders.createdAt,
    })
    .from(autoTopupRuns)
    .innerJoin(orders, eq(orders.id, autoTopupRuns.orderId))
    .where(and(inArray(autoTopupRuns.autoTopupId, ids), gte(orders.createdAt, since)))
    .orderBy(desc(orders.createdAt));
  const charges = new Map<string, AutoTopupRow['charges']>();
  for (const row of rows) {
    const list = charges.get(row.autoTopupId) ?? [];
    list.push({
      orderNumber: row.orderNumber,
      amount: row.amount,
      currency: row.currency,
      orderStatus: row.orderStatus,
      createdAt: row.createdAt.toISOString(),
    });
    charges.set(row.autoTopupId, list);
  }
  return charges;
}

/** POST /api/topup/autotopup/query: the account's top-ups of the asked types and statuses, newest first. */
export async function queryAutoTopups(
  db: Database | Transaction,
  owner: { tenantId: string; customerId: string; timeZone: string },
  query: AutoTopupQuery,
  now: Date,
): Promise<AutoTopupRow[]> {
  const conditions: SQL[] = [
    eq(autoTopups.tenantId, owner.tenantId),
    eq(autoTopups.customerId, owner.customerId),
  ];
  if (query.autoTopupTypes?.length)
    conditions.push(inArray(autoTopups.type, typesMatching(query.autoTopupTypes)));
  const statuses: AutoTopupStatus[] = query.statuses?.length
    ? query.statuses.filter((status) => status !== 'DELETED')
    : ['ENABLED', 'DISABLED', 'INVALID_AFTER_ENABLED', 'INVALID_AFTER_DISABLED', 'INVALID', 'REJECTED'];
  conditions.push(inArray(autoTopups.status, statuses));
  const msisdn = query.msisdn ? normaliseMsisdn(query.msisdn) : undefined;
  if (msisdn) conditions.push(eq(autoTopups.msisdn, msisdn));
  const rows = await db
    .select({ topup: autoTopups, tokenName: paymentTokens.name })
    .from(autoTopups)
    .leftJoin(paymentTokens, eq(paymentTokens.id, autoTopups.paymentTokenId))
    .where(and(...conditions))
    .orderBy(desc(autoTopups.createdAt));
  const charges = await chargesOf(
    db,
    rows.map((row) => row.topup.id),
    monthStartIn(now, owner.timeZone),
  );
  const links = await latestLiveLinks(db, lightIds(rows), now);
  return rows.map(({ topup, tokenName }) =>
    rowOf(topup, tokenName, charges.get(topup.id) ?? [], links.get(topup.id)),
  );
}

/** The light ones among these top-ups: only they have links to look up. */
function lightIds(rows: readonly { topup: AutoTopup }[]): string[] {
  return rows.flatMap(({ topup }) => (topup.light ? [topup.id] : []));
}

/**
 * A top-up as the calls answer it; a light one names no saved method (it charges none), and its
 * latest live link when it has one.
 */
export function rowOf(
  topup: AutoTopup,
  tokenName: string | null,
  charges: AutoTopupRow['charges'],
  lightLink?: LightLinkState,
): AutoTopupRow {
  const type = topup.type;
  return {
    autoTopupId: topup.id,
    autoTopupType: type,
    topupType: familyOf(type),
    autoTopupLight: topup.light,
    brand: topup.brand,
    paymentToken: topup.paymentTokenId ?? '',
    paymentTokenName: tokenName ?? '',
    status: topup.status,
    shopId: topup.tenantId,
    userId: topup.customerId,
    msisdn: topup.msisdn,
    productId: topup.productId,
    amount: topup.amount,
    currency: topup.currency,
    lowBalanceLimit: topup.lowBalanceLimit,
    tariffEnabled: topup.tariffEnabled,
    recurringDay: topup.recurringDay,
    nextRunAt: topup.nextRunAt?.toISOString() ?? null,
    monthlyCap: topup.monthlyCap,
    charges,
    createdAt: topup.createdAt.toISOString(),
    ...(lightLink ? { lightLink } : {}),
  };
}

/** One top-up as a row, read again. */
export async function rowById(
  db: Database | Transaction,
  id: string,
  { now, monthStart }: { now: Date; monthStart: Date },
): Promise<AutoTopupRow> {
  const [row] = await db
    .select({ topup: autoTopups, tokenName: paymentTokens.name })
    .from(autoTopups)
    .leftJoin(paymentTokens, eq(paymentTokens.id, autoTopups.paymentTokenId))
    .where(eq(autoTopups.id, id));
  if (!row) throw new Error(`auto top-up ${id} vanished`);
  const charges = (await chargesOf(db, [id], monthStart)).get(id) ?? [];
  const links = await latestLiveLinks(db, lightIds([row]), now);
  return rowOf(row.topup, row.tokenName, charges, links.get(id));
}
