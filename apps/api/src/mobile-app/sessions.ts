import { type Database, schema } from '@shop/db';
import { type Currency, DomainError, parseMsisdn, withLeadingPlus } from '@shop/domain';
import type { AppSessionAnswer } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { startSession, tokenHashOf } from '../accounts/sessions';
import { checkEntryToken, ENTRY_LINK_ACCEPTED_AFTER_USE_MS } from './entry-links';

const { appSessions, customerSessions, customers } = schema;

/** An app session lasts a working day: the app opens a new one whenever the shopper comes back. */
const APP_SESSION_MS = 12 * 60 * 60 * 1000;
/** What a used link's record outlives the link by, for a clock of the app's that runs late. */
const USED_LINK_SPARE_MS = 60 * 60 * 1000;

export interface AppSessionContext {
  db: Database;
  tenant: TenantConfig;
  /** The keys of the tenant's app (`APP_ENTRY_KEYS`), none when it has none. */
  appKeys: readonly string[];
  now: Date;
  log: FastifyBaseLogger;
}

/** What the app said about a live session of the request. */
export interface AppSession {
  customerId: string;
  msisdn: string;
  currency: Currency;
  deviceId: string | null;
  returnUrl: string;
}

/**
 * Opens the session of an entry link (decision 0050): checks the link, takes its id (a second use
 * finds it taken, also at the same moment), finds or opens the account of the app's number and
 * starts a session of method `app`. Every refusal answers APP_ENTRY_LINK_INVALID alike; the
 * reason goes to the log.
 */
export async function openAppSession(
  context: AppSessionContext,
  entryToken: string,
): Promise<AppSessionAnswer> {
  const { db, tenant, now } = context;
  const refused = (reason: string) => {
    context.log.warn({ reason }, 'app entry link refused');
    return new DomainError('APP_ENTRY_LINK_INVALID', 'This link from the app cannot open the shop any more');
  };
  const check = await checkEntryToken(tenant, context.appKeys, entryToken, now);
  if (!check.ok) throw refused(check.reason);
  const { entry } = check;
  const number = parseMsisdn(withLeadingPlus(entry.msisdn), tenant.phoneCountryCodes);
  if (!number.ok) throw refused('a number of none of the shop’s countries');
  const msisdn = number.msisdn;
  return db.transaction(async (tx) => {
    await tx
      .insert(customers)
      .values({
        tenantId: tenant.shopId,
        userName: `app:${msisdn}`,
        phoneNumber: msisdn,
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [customer] = await tx
      .select({ id: customers.id, tenantId: customers.tenantId })
      .from(customers)
      .where(and(eq(customers.tenantId, tenant.shopId), eq(customers.userName, `app:${msisdn}`)));
    if (!customer) throw new Error('The app account could be neither created nor found');
    const session = await startSession(tx, customer, 'app', now, APP_SESSION_MS);
    const [taken] = await tx
      .insert(appSessions)
      .values({
        tokenHash: tokenHashOf(session.accessToken),
        tenantId: tenant.shopId,
        entryLinkId: entry.linkId,
        msisdn,
        currency: entry.currency,
        deviceId: entry.deviceId ?? null,
        returnUrl: entry.returnUrl,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ tokenHash: appSessions.tokenHash });
    // Thrown inside the transaction: the session just started goes with it.
    if (!taken) throw refused('used before');
    return {
      accessToken: session.accessToken,
      expiresAt: session.expiresAt.toISOString(),
      channel: 'app' as const,
      msisdn,
      currency: entry.currency,
      returnUrl: entry.returnUrl,
      ...(entry.deviceId ? { deviceId: entry.deviceId } : {}),
    };
  });
}

/** The app session of a request's bearer token on a tenant with the mobile-app flow, if live. */
export async function appSessionOf(
  db: Database,
  tenant: TenantConfig,
  token: string | undefined,
  now: Date,
): Promise<AppSession | undefined> {
  if (!token || !tenant.flags.hasMobileAppFlow) return undefined;
  const [row] = await db
    .select({
      customerId: customerSessions.customerId,
      msisdn: appSessions.msisdn,
      currency: appSessions.currency,
      deviceId: appSessions.deviceId,
      returnUrl: appSessions.returnUrl,
    })
    .from(appSessions)
    .innerJoin(customerSessions, eq(customerSessions.tokenHash, appSessions.tokenHash))
    .where(
      and(
        eq(appSessions.tokenHash, tokenHashOf(token)),
        eq(appSessions.tenantId, tenant.shopId),
        isNull(customerSessions.endedAt),
        gt(customerSessions.expiresAt, now),
      ),
    );
  return row ? { ...row, currency: row.currency as Currency } : undefined;
}

/**
 * Deletes the app sessions that are over and whose entry link could open nothing any more, an
 * hour to spare (decision 0065): the session goes with the record of its link's use and what the
 * app said, its device id included. Answers how many went; at most `batchSize` a pass.
 */
export async function deleteSpentAppSessions(
  db: Database,
  now = new Date(),
  batchSize = 1000,
): Promise<number> {
  const linkUsedBy = new Date(now.getTime() - ENTRY_LINK_ACCEPTED_AFTER_USE_MS - USED_LINK_SPARE_MS);
  const spent = db
    .select({ tokenHash: appSessions.tokenHash })
    .from(appSessions)
    .innerJoin(customerSessions, eq(customerSessions.tokenHash, appSessions.tokenHash))
    .where(and(lte(appSessions.createdAt, linkUsedBy), lte(customerSessions.expiresAt, now)))
    .limit(batchSize);
  const deleted = await db
    .delete(customerSessions)
    .where(inArray(customerSessions.tokenHash, spent))
    .returning({ tokenHash: customerSessions.tokenHash });
  return deleted.length;
}
