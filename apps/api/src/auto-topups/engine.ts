import type { AutoTopup, Order } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import {
  afterDecline,
  applyAutoTopupAction,
  decideLowBalance,
  isMoneyTaken,
  isPaymentUndecided,
  isRunnable,
  latestDueRun,
  monthStartIn,
  NOTICE_BEFORE_MS,
  nextRunAt,
  periodKey,
  withinMonthlyCap,
} from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { AUTHENTICATION_REQUIRED } from '../adapters/payment-provider';
import { chargeSavedMethod, insertUnattendedOrder } from '../checkout/saved-method';
import { commitOrder } from '../fulfilment/commit';
import type { EngineServices } from '../jobs/services';
import { paymentsOf } from '../orders/orders';
import { newPaymentAttempt } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import { newLightLink } from './light-links';
import { sendAutoTopupNotice } from './notices';
import { scheduleOf, timeZoneOf } from './register';

const { autoTopupRuns, autoTopups, customers, operatorEvents, orders, paymentTokens } = schema;

/** What the engine works with: the commit's services, every tenant, and the shops' address for links. */

type Run = typeof autoTopupRuns.$inferSelect;

/** A run still DUE this long after it was written lost its job; a pass takes it up. */
const STALE_RUN_MS = 5 * 60_000;

/** How many due top-ups one pass takes; the next pass takes the rest. */
const BATCH = 100;

async function newRun(tx: Transaction, topup: AutoTopup, runKey: string): Promise<string | undefined> {
  const [run] = await tx
    .insert(autoTopupRuns)
    .values({ autoTopupId: topup.id, runKey, state: 'DUE', amount: topup.amount, currency: topup.currency })
    .onConflictDoNothing()
    .returning({ id: autoTopupRuns.id });
  return run?.id;
}

/**
 * The weekly and monthly top-ups whose time has come, each given one run for its period and its
 * next time; after downtime only the latest missed period runs. Rows are taken with SKIP LOCKED
 * and the run's key is unique, so two workers never make two runs of one period. Answers the
 * runs to execute, with the declined ones whose retry is due.
 */
export async function takeDueRuns(services: EngineServices, now: Date): Promise<string[]> {
  const { db, tenants } = services;
  const created = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(autoTopups)
      .where(
        and(
          eq(autoTopups.status, 'ENABLED'),
          isNotNull(autoTopups.nextRunAt),
          lte(autoTopups.nextRunAt, now),
        ),
      )
      .orderBy(asc(autoTopups.nextRunAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const ids: string[] = [];
    for (const topup of due) {
      const tenant = tenants.byId(topup.tenantId);
      const schedule = scheduleOf(topup.type, topup.recurringDay);
      if (!tenant || !schedule || !topup.nextRunAt) continue;
      const timeZone = timeZoneOf(tenant);
      const runAt = latestDueRun(schedule, topup.nextRunAt, now, timeZone);
      const id = await newRun(tx, topup, `schedule:${periodKey(runAt, timeZone)}`);
      if (id) ids.push(id);
      await tx
        .update(autoTopups)
        .set({ nextRunAt: nextRunAt(schedule, now, timeZone), updatedAt: now })
        .where(eq(autoTopups.id, topup.id));
    }
    return ids;
  });
  // A run whose job was lost (a crash between recording the run and sending its job) is taken up too.
  const stale = new Date(now.getTime() - STALE_RUN_MS);
  const retries = await db
    .select({ id: autoTopupRuns.id })
    .from(autoTopupRuns)
    .where(
      or(
        and(eq(autoTopupRuns.state, 'RETRY'), lte(autoTopupRuns.retryAt, now)),
        and(eq(autoTopupRuns.state, 'DUE'), lte(autoTopupRuns.updatedAt, stale)),
      ),
    )
    .limit(BATCH);
  return [...created, ...retries.map((run) => run.id)];
}

/** What an operator event leads to: runs to execute, and light top-ups' links to send. */
export interface EventOutcome {
  runs: string[];
  links: string[];
}

/**
 * An operator event (docs/auto-topups.md), acted on once by its id: a low-balance event gives a
 * run to each live low-balance top-up of the number whose balance is under its limit, once per
 * dip (a light top-up gets a link instead, decision 0042); a tariff renewal gives one to each
 * live tariff top-up.
 */
export async function receiveOperatorEvent(
  db: Database,
  event:
    | { eventId: string; type: 'low-balance'; msisdn: string; balance: number }
    | { eventId: string; type: 'tariff-renewal'; msisdn: string },
  now: Date,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const outcome: EventOutcome = { runs: [], links: [] };
    const [fresh] = await tx
      .insert(operatorEvents)
      .values({ eventId: event.eventId, type: event.type, msisdn: event.msisdn })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return outcome;
    const live = and(eq(autoTopups.msisdn, event.msisdn), eq(autoTopups.status, 'ENABLED'));
    const ids = outcome.runs;
    if (event.type === 'tariff-renewal') {
      const topups = await tx
        .select()
        .from(autoTopups)
        .where(and(live, eq(autoTopups.tariffEnabled, true), eq(autoTopups.light, false)))
        .for('update');
      for (const topup of topups) {
        const id = await newRun(tx, topup, `tariff:${event.eventId}`);
        if (id) ids.push(id);
      }
      return outcome;
    }
    const topups = await tx
      .select()
      .from(autoTopups)
      .where(and(live, eq(autoTopups.type, 'LOW_BALANCE'), isNotNull(autoTopups.lowBalanceLimit)))
      .for('update');
    for (const topup of topups) {
      const decision = decideLowBalance({ balance: event.balance, at: now }, topup.lowBalanceLimit ?? 0, {
        triggeredAt: topup.dipTriggeredAt,
        rearmed: topup.dipRearmed,
      });
      await tx
        .update(autoTopups)
        .set({ dipTriggeredAt: decision.next.triggeredAt, dipRearmed: decision.next.rearmed, updatedAt: now })
        .where(eq(autoTopups.id, topup.id));
      if (decision.kind !== 'top-up') continue;
      if (topup.light) {
        const link = await newLightLink(tx, topup, event.eventId, now);
        if (link) outcome.links.push(link);
        continue;
      }
      const id = await newRun(tx, topup, `low-balance:${event.eventId}`);
      if (id) ids.push(id);
    }
    return outcome;
  });
}

type Prepared =
  | { kind: 'charge'; run: Run; topup: AutoTopup; order: Order; providerTokenId: string; method: string }
  | { kind: 'commit' | 'declined'; run: Run; topup: AutoTopup; order: Order }
  | { kind: 'stop'; notice?: 'capReached'; topup?: AutoTopup };

/** What the automatic charges of this top-up took this month. */
async function chargedThisMonth(
  tx: Transaction,
  topup: AutoTopup,
  now: Date,
  timeZone: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${orders.totalPrice}), 0)` })
    .from(autoTopupRuns)
    .innerJoin(orders, eq(orders.id, autoTopupRuns.orderId))
    .where(
      and(
        eq(autoTopupRuns.autoTopupId, topup.id),
        gte(orders.createdAt, monthStartIn(now, timeZone)),
        inArray(orders.status, ['committed', 'partiallyCommitted']),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Under the run's lock: decides whether it still runs (the top-up live, the month's cap not
 * reached), makes its order on the first attempt and a payment attempt on every new one. A run
 * whose attempt is open (a crash after it was written) charges the same attempt again.
 */
async function prepare(services: EngineServices, runId: string, now: Date): Promise<Prepared> {
  return services.db.transaction(async (tx): Promise<Prepared> => {
    const [run] = await tx.select().from(autoTopupRuns).where(eq(autoTopupRuns.id, runId)).for('update');
    if (!run || (run.state !== 'DUE' && run.state !== 'RETRY')) return { kind: 'stop' };
    if (run.state === 'RETRY' && run.retryAt && run.retryAt > now) return { kind: 'stop' };
    const [topup] = await tx.select().from(autoTopups).where(eq(autoTopups.id, run.autoTopupId));
    const tenant = topup && services.tenants.byId(topup.tenantId);
    const skip = async (reason: string) => {
      await tx
        .update(autoTopupRuns)
        .set({ state: 'SKIPPED', reason, updatedAt: now })
        .where(eq(autoTopupRuns.id, run.id));
    };
    if (!topup || !tenant || !isRunnable(topup.status)) {
      await skip(`top-up ${topup?.status ?? 'gone'}`);
      return { kind: 'stop' };
    }
    const [token] = topup.paymentTokenId
      ? await tx.select().from(paymentTokens).where(eq(paymentTokens.id, topup.paymentTokenId))
      : [];
    const [customer] = await tx.select().from(customers).where(eq(customers.id, topup.customerId));
    if (!token?.providerTokenId || token.status !== 'ACTIVE' || !customer) {
      await skip('payment method gone');
      return { kind: 'stop' };
    }
    let order = run.orderId
      ? (await tx.select().from(orders).where(eq(orders.id, run.orderId)))[0]
      : undefined;
    if (!order) {
      if (
        !withinMonthlyCap(
          topup.monthlyCap,
          await chargedThisMonth(tx, topup, now, timeZoneOf(tenant)),
          topup.amount,
        )
      ) {
        await skip('monthly cap reached');
        return { kind: 'stop', notice: 'capReached', topup };
      }
      order = await insertUnattendedOrder(tx, tenant, {
        cartName: `auto-${run.id}`,
        kind: 'AUTOMATIC',
        productId: topup.productId,
        brandId: topup.brand,
        amount: topup.amount,
        currency: topup.currency,
        msisdn: topup.msisdn,
        customerId: topup.customerId,
        paymentTokenId: token.id,
        shopper: customer,
        extra: { additionalData: { autoTopupAmount: topup.amount }, autoTopupId: topup.id },
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'auto-topup.run',
        detail: { runId: run.id, runKey: run.runKey },
      });
    }
    const [latest] = await paymentsOf(tx, order);
    if (latest && isMoneyTaken(latest.state)) return { kind: 'commit', run, topup, order };
    const method = { providerTokenId: token.providerTokenId, method: token.method };
    if (latest && latest.state === 'INITIATED') return { kind: 'charge', run, topup, order, ...method };
    // The provider is still deciding: the commit follows the payment, no second charge is made.
    if (latest && isPaymentUndecided(latest.state)) return { kind: 'commit', run, topup, order };
    // Declined, and the run was not yet told so (a crash in between): decide now, charge nothing.
    if (latest && run.state === 'DUE') return { kind: 'declined', run, topup, order };
    await newPaymentAttempt(tx, order, {
      attempt: (latest?.attempt ?? 0) + 1,
      method: token.method,
      provider: token.provider,
      details: { savedMethod: token.id, autoTopupRun: run.id },
      savePaymentMethod: false,
    });
    await tx
      .update(autoTopupRuns)
      .set({ orderId: order.id, attempt: run.attempt + 1, updatedAt: now })
      .where(eq(autoTopupRuns.id, run.id));
    return { kind: 'charge', run: { ...run, attempt: run.attempt + 1 }, topup, order, ...method };
  });
}

/**
 * Executes one run (docs/auto-topups.md): a merchant-initiated charge on the saved method, whose
 * key is the run's order and attempt, then the commit that tops up, records the order and sends
 * the receipt. A declined charge is tried once more an hour later; a second decline makes the
 * top-up invalid and tells the shopper. Executing a run again changes nothing once it is done.
 */
export async function executeRun(
  services: EngineServices,
  runId: string,
  now = new Date(),
): Promise<Run['state'] | undefined> {
  const prepared = await prepare(services, runId, now);
  if (prepared.kind === 'stop') {
    if (prepared.notice && prepared.topup) await notify(services, prepared.topup, prepared.notice);
    return undefined;
  }
  const { run, topup, order } = prepared;
  const tenant = services.tenants.byId(topup.tenantId);
  if (!tenant) return undefined;
  if (prepared.kind === 'declined') return declined(services, tenant, run, topup, now);
  if (prepared.kind === 'charge') {
    const [payment] = await paymentsOf(services.db, order);
    if (!payment) return undefined;
    const { state, refusedWith } = await chargeSavedMethod(
      services,
      tenant,
      order,
      payment,
      prepared,
      `https://${tenant.domains[0]}/account`,
    );
    if (refusedWith === AUTHENTICATION_REQUIRED) return askTheShopper(services, run, topup, now);
    if (state === 'DECLINED' || state === 'FAILED') return declined(services, tenant, run, topup, now);
  }
  const answer = await commitOrder({ ...services, tenant }, order);
  const done = answer.orderStatus !== 'paymentPending';
  if (done) {
    await services.db
      .update(autoTopupRuns)
      .set({ state: 'DONE', updatedAt: now })
      .where(and(eq(autoTopupRuns.id, run.id), ne(autoTopupRuns.state, 'DONE')));
  }
  return done ? 'DONE' : undefined;
}

/**
 * The card's bank wants its holder to confirm this charge (3-D Secure): charging again without the
 * shopper cannot help. The run ends, and the shopper gets a link by SMS and e-mail that opens this
 * top-up filled in, to pay while present (decision 0068). The top-up stays on for the next time.
 */
async function askTheShopper(services: EngineServices, run: Run, topup: AutoTopup, now: Date) {
  await services.db.transaction(async (tx) => {
    await tx
      .update(autoTopupRuns)
      .set({ state: 'GAVE_UP', reason: 'authentication required', updatedAt: now })
      .where(eq(autoTopupRuns.id, run.id));
    const linkId = await newLightLink(tx, topup, `authentication:${run.id}`, now, 'AUTHENTICATION');
    if (linkId) await services.jobs.send('auto-topup-light-link', { linkId }, { within: tx });
  });
  return 'GAVE_UP' as const;
}

/** A declined charge: retried once later; the second decline makes the top-up invalid and tells the shopper. */
async function declined(
  services: EngineServices,
  tenant: TenantConfig,
  run: Run,
  topup: AutoTopup,
  now: Date,
) {
  const next = afterDecline(run.attempt);
  if (next.kind === 'retry') {
    await services.db
      .update(autoTopupRuns)
      .set({ state: 'RETRY', retryAt: new Date(now.getTime() + next.retryAfterMs), updatedAt: now })
      .where(eq(autoTopupRuns.id, run.id));
    return 'RETRY' as const;
  }
  const invalidated = await services.db.transaction(async (tx) => {
    await tx
      .update(autoTopupRuns)
      .set({ state: 'GAVE_UP', reason: 'declined twice', updatedAt: now })
      .where(eq(autoTopupRuns.id, run.id));
    const [current] = await tx.select().from(autoTopups).where(eq(autoTopups.id, topup.id)).for('update');
    if (!current) return undefined;
    const transition = applyAutoTopupAction(current.status, 'invalidate', {
      pauseAllowed: tenant.topup.options.pauseAllowed,
    });
    if (!transition.ok || !transition.changed) return undefined;
    await tx
      .update(autoTopups)
      .set({ status: transition.status, nextRunAt: null, updatedAt: now })
      .where(eq(autoTopups.id, current.id));
    return current;
  });
  if (invalidated) await notify(services, invalidated, 'invalid');
  return 'GAVE_UP' as const;
}

async function notify(
  services: EngineServices,
  topup: AutoTopup,
  notice: 'invalid' | 'capReached' | 'upcoming',
  when?: Date,
) {
  const tenant = services.tenants.byId(topup.tenantId);
  const [customer] = await services.db.select().from(customers).where(eq(customers.id, topup.customerId));
  if (!tenant || !customer) return;
  await sendAutoTopupNotice(services.mailer, tenant, customer, topup, notice, when).catch((err: unknown) =>
    services.log.warn({ err, autoTopupId: topup.id, notice }, 'automatic top-up notice not sent'),
  );
}

/**
 * The day-before notices (decision 0040): every live weekly or monthly top-up whose next run is
 * within a day hears of it once per run.
 */
export async function sendUpcomingNotices(services: EngineServices, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + NOTICE_BEFORE_MS);
  const due = await services.db
    .update(autoTopups)
    .set({ noticeSentFor: autoTopups.nextRunAt })
    .where(
      and(
        eq(autoTopups.status, 'ENABLED'),
        isNotNull(autoTopups.nextRunAt),
        lte(autoTopups.nextRunAt, soon),
        or(sql`${autoTopups.noticeSentFor} is null`, ne(autoTopups.noticeSentFor, autoTopups.nextRunAt)),
      ),
    )
    .returning();
  for (const topup of due) await notify(services, topup, 'upcoming', topup.nextRunAt ?? undefined);
  return due.length;
}
