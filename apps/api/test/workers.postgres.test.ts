import { createTestDatabase } from '@shop/db/testing';
import { type RunningSandbox, sandboxClient, startSandbox } from '@shop/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_CARD } from './checkout-support';
import { freePort, onAFreePort, WEBHOOK_SECRET } from './harness';
import { healthyApi, type ShopProcess, spawnShopProcess, waitFor } from './processes';

/**
 * API and worker processes as a deployment runs them, several of each on one PostgreSQL
 * (decision 0019). Included in the suite only when DATABASE_URL is set (vitest.config.ts): the
 * embedded database takes one process.
 */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.reverse()) await step();
  cleanUp = [];
});

/** A fresh database and sandbox, and a way to start API and worker processes over them. */
async function stack(settings: { slowAnswerDelayMs?: number; env: Record<string, string> }) {
  const database = await createTestDatabase();
  const sandbox: RunningSandbox = await onAFreePort((port) =>
    startSandbox({
      publicBaseUrl: `http://127.0.0.1:${port}`,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryDelaysMs: [200, 500, 1000, 2000, 4000],
      slowAnswerDelayMs: settings.slowAnswerDelayMs,
    }),
  );
  const processes: ShopProcess[] = [];
  cleanUp.push(async () => {
    await sandbox.close();
    await Promise.all(processes.map((shopProcess) => shopProcess.stop()));
    await database.close();
  });
  const env = {
    DATABASE_URL: database.url as string,
    SANDBOX_URL: sandbox.baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort()}`,
    PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
    ...settings.env,
  };
  const start = (entry: 'main' | 'worker', extra: Record<string, string> = {}) => {
    const started = spawnShopProcess(entry, { ...env, ...extra });
    processes.push(started);
    return started;
  };
  return {
    database,
    sandbox: sandboxClient(sandbox.baseUrl),
    sandboxUrl: sandbox.baseUrl,
    /** An API process on a port of its own; answers once it is healthy. */
    api: async () => {
      const port = await freePort();
      start('main', { API_PORT: String(port) });
      await healthyApi(port);
      return port;
    },
    worker: () => start('worker'),
    /** What the processes printed, for a failing test's message. */
    output: () => processes.map((shopProcess) => shopProcess.output()).join('\n'),
  };
}

type Stack = Awaited<ReturnType<typeof stack>>;

/** Pays one top-up at the sandbox through the API on `port`: cart, payment, card approved. */
async function payTopUp(stackOf: Stack, port: number, msisdn: string, clientIp: string) {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Tenant-Id': 'funkfix',
        'X-Forwarded-Host': 'funkfix.localhost:3000',
        // One shopper per order: the abuse limits count per client address.
        'X-CLIENT-IP': clientIp,
      },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
    const answer = (await response.json()) as any;
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer;
  };
  const { cartName } = await call('/api/shop/rest/v2/addToCart', {
    items: [{ productId: 'funkfix-topup-1500', phoneNumber: msisdn }],
  });
  const started = await call('/api/shop/rest/checkout-start-payment', {
    cartName,
    paymentMethod: 'creditcard',
  });
  await stackOf.sandbox.act(started.payerUrl, 'approve', GOOD_CARD);
  return { msisdn, orderNumber: started.orderNumber as string, payerUrl: started.payerUrl as string };
}

/** Runs `task` for every item, at most `parallel` at a time. */
async function inParallel<T, R>(items: readonly T[], parallel: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return results;
}

const rows = async <T>(database: TestDatabase, text: string, values: unknown[] = []) =>
  (await database.executeSql(text, values)).rows as T[];

/** Counts, until the answered function is called, the most jobs of `name` active at one moment. */
function watchMostActive(database: TestDatabase, name: string) {
  let most = 0;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const [now] = await rows<{ active: number }>(
        database,
        `select count(*)::int as active from pgboss.job where name = $1 and state = 'active'`,
        [name],
      );
      most = Math.max(most, now?.active ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    watching = false;
    await watch;
    return most;
  };
}

/** This file's orders are guests' (`customer_id is null`): the demo accounts' past orders are not among them. */
const committedOrders = async (database: TestDatabase) =>
  Number(
    (
      await rows<{ count: number }>(
        database,
        `select count(*)::int as count from orders where status = 'committed' and customer_id is null`,
      )
    )[0]?.count,
  );

const STARTING_BALANCE = 500;

describe('API and worker processes on one PostgreSQL', () => {
  it('commit 100 paid orders once each from their webhooks, and never reconcile twice at once', async () => {
    const shop = await stack({ env: { RECONCILE_INTERVAL_SECONDS: '1' } });
    const apis = [await shop.api(), await shop.api()];
    shop.worker();
    shop.worker();

    const mostReconcilingAtOnce = watchMostActive(shop.database, 'reconcile-orders');
    const numbers = Array.from({ length: 100 }, (_, index) => `+4917066${String(index).padStart(6, '0')}`);
    const paid = await inParallel(numbers, 6, (msisdn) => {
      const index = numbers.indexOf(msisdn);
      return payTopUp(shop, apis[index % 2] as number, msisdn, `198.51.100.${index + 1}`);
    });

    await waitFor(
      `every order committed (${shop.output()})`,
      async () => ((await committedOrders(shop.database)) === paid.length ? true : undefined),
      180_000,
    );

    // Each order reached its outcome once, and the commit of each payment was a job.
    const decided = await rows<{ order_number: string; decisions: number }>(
      shop.database,
      `select o.order_number, count(e.id)::int as decisions
       from orders o left join order_events e
         on e.order_id = o.id and e.type = 'order.status' and e.detail->>'to' = 'committed'
       where o.customer_id is null
       group by o.order_number`,
    );
    expect(decided).toHaveLength(paid.length);
    expect(decided.filter((order) => order.decisions !== 1)).toEqual([]);
    // A commit that found the order held by another (reconciliation) waits for its retry.
    const commitJobs = await waitFor('every commit job completed', async () => {
      const [jobs] = await rows<{ payments: number; unfinished: number }>(
        shop.database,
        `select count(distinct singleton_key)::int as payments,
                count(*) filter (where state <> 'completed')::int as unfinished
         from pgboss.job where name = 'commit-order'`,
      );
      return jobs?.unfinished === 0 ? jobs : undefined;
    });
    expect(commitJobs.payments).toBe(paid.length);

    // One top-up per number at the operator, one capture per payment at the provider.
    const balances = await inParallel(paid, 6, (order) => shop.sandbox.balance(order.msisdn));
    expect(balances).toEqual(paid.map(() => STARTING_BALANCE + 1500));
    await waitFor('every payment captured', async () => {
      const payments = await inParallel(paid, 6, (order) => shop.sandbox.payment(order.payerUrl));
      return payments.every((payment) => payment.status === 'CAPTURED') ? payments : undefined;
    }).then((payments) =>
      expect(payments.map((payment) => payment.capturedAmount)).toEqual(paid.map(() => 1500)),
    );

    // The reconciliation passes: several of them, never two at once. (The job table's start times
    // cannot tell: each is when its statement began, which under load is long before the row
    // became active.)
    await waitFor('two reconciliation passes completed', async () => {
      const [passes] = await rows<{ count: number }>(
        shop.database,
        `select count(*)::int as count from pgboss.job where name = 'reconcile-orders' and state = 'completed'`,
      );
      return (passes?.count ?? 0) > 1 ? true : undefined;
    });
    expect(await mostReconcilingAtOnce()).toBeLessThanOrEqual(1);

    const health = await healthyApi(apis[0] as number);
    expect(health).toMatchObject({ status: 'ok', worker: { alive: true }, jobs: { failed: 0 } });
  }, 300_000);

  it('retries the commit of a worker killed while it holds the job, and tops up once', async () => {
    const shop = await stack({
      // The operator credits at once but holds its answer: the worker is killed while it waits.
      slowAnswerDelayMs: 60_000,
      env: { JOB_EXPIRE_SECONDS: '3', COMMIT_LEASE_SECONDS: '2', RECONCILE_INTERVAL_SECONDS: '3600' },
    });
    const port = await shop.api();
    const first = shop.worker();
    await healthyApi(port, (health) => health.worker.alive);

    const msisdn = '+4917066997777';
    const order = await payTopUp(shop, port, msisdn, '198.51.100.200');
    await waitFor('the top-up under way at the operator', async () => {
      const response = await fetch(`${shop.sandboxUrl}/operator/topups/${order.orderNumber}-1-1`);
      return response.status === 200 ? true : undefined;
    });
    await first.stop('SIGKILL');
    const [held] = await rows<{ state: string; started: Date | null }>(
      shop.database,
      `select state, started_on as started from pgboss.job where name = 'commit-order'`,
    );
    expect(held?.started).not.toBeNull();
    expect(held?.state).not.toBe('completed');

    shop.worker();
    await waitFor(
      `the order committed (${shop.output()})`,
      async () => ((await committedOrders(shop.database)) === 1 ? true : undefined),
      90_000,
    );
    const [job] = await waitFor('the commit job completed', async () => {
      const jobs = await rows<{ state: string; retries: number }>(
        shop.database,
        `select state, retry_count as retries from pgboss.job where name = 'commit-order'`,
      );
      return jobs.length === 1 && jobs[0]?.state === 'completed' ? jobs : undefined;
    });
    expect(job?.retries).toBeGreaterThanOrEqual(1);
    expect(await shop.sandbox.balance(msisdn)).toBe(STARTING_BALANCE + 1500);
    await waitFor('the payment captured', async () => {
      const payment = await shop.sandbox.payment(order.payerUrl);
      return payment.status === 'CAPTURED' ? payment : undefined;
    }).then((payment) => expect(payment.capturedAmount).toBe(1500));
  }, 180_000);

  it('a worker stopped with SIGTERM while it holds a job finishes or hands it back, and says goodbye', async () => {
    const shop = await stack({ slowAnswerDelayMs: 60_000, env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
    const port = await shop.api();
    const worker = shop.worker();
    await healthyApi(port, (health) => health.worker.alive);

    const msisdn = '+4917066987777';
    const order = await payTopUp(shop, port, msisdn, '198.51.100.201');
    await waitFor('the top-up under way at the operator', async () => {
      const response = await fetch(`${shop.sandboxUrl}/operator/topups/${order.orderNumber}-1-1`);
      return response.status === 200 ? true : undefined;
    });
    await worker.stop('SIGTERM');
    const states = await rows<{ state: string }>(
      shop.database,
      `select state from pgboss.job where name = 'commit-order'`,
    );
    expect(states).toHaveLength(1);
    expect(['completed', 'retry']).toContain(states[0]?.state);
    expect((await healthyApi(port)).worker.alive).toBe(false);

    shop.worker();
    await waitFor(
      `the order committed (${shop.output()})`,
      async () => ((await committedOrders(shop.database)) === 1 ? true : undefined),
      90_000,
    );
    expect(await shop.sandbox.balance(msisdn)).toBe(STARTING_BALANCE + 1500);
  }, 180_000);

  it('two workers run an automatic top-up that is due once, and catch up missed periods once', async () => {
    const shop = await stack({ env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
    await shop.api();
    const msisdn = '+4917066555123';
    // ladeplatz's demo account, its demo card, a weekly top-up last due three weeks ago.
    await rows(
      shop.database,
      `insert into auto_topups (tenant_id, customer_id, payment_token_id, msisdn, brand, product_id, amount,
         currency, type, recurring_day, status, next_run_at)
       select 'ladeplatz', c.id, t.id, $1, 'funkfix', 'funkfix-automatic', 1000, 'EUR', 'WEEKLY', 1, 'ENABLED',
              now() - interval '21 days'
       from customers c join payment_tokens t on t.customer_id = c.id
       where c.user_name = 'demo@ladeplatz.example'`,
      [msisdn],
    );
    shop.worker();
    shop.worker();
    await waitFor(
      `the automatic top-up delivered (${shop.output()})`,
      async () => ((await shop.sandbox.balance(msisdn)) === STARTING_BALANCE + 1000 ? true : undefined),
      90_000,
    );
    // Every worker sends the scheduled pass once a minute at most; give both a chance to run twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const runs = await rows<{ state: string; order_id: string }>(
      shop.database,
      `select r.state, r.order_id from auto_topup_runs r join auto_topups a on a.id = r.auto_topup_id
       where a.msisdn = $1`,
      [msisdn],
    );
    expect(runs).toEqual([{ state: 'DONE', order_id: expect.any(String) }]);
    expect(await shop.sandbox.balance(msisdn)).toBe(STARTING_BALANCE + 1000);
    const [next] = await rows<{ later: boolean }>(
      shop.database,
      `select next_run_at > now() as later from auto_topups where msisdn = $1`,
      [msisdn],
    );
    expect(next?.later).toBe(true);
  }, 180_000);
});
