import { type AddressInfo, createServer } from 'node:net';
import { syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { sandboxClient, startSandbox } from '@shop/sandbox/testing';
import { createTenantRegistry, tenantSources } from '@shop/tenants';
import { createHttpAddressLookup } from '../src/adapters/address-lookup';
import { createSmtpMailer } from '../src/adapters/mailer';
import { type AppDependencies, buildApp, servicesOf } from '../src/app';
import { seedDemoData } from '../src/demo/seed';
import { reconcileOrders } from '../src/fulfilment/reconcile';
import { type AbuseLimitOptions, DEFAULT_ABUSE_LIMITS } from '../src/http/rate-limits';
import { startPgBossQueue } from '../src/jobs/pg-boss';
import { type RunningWorker, startWorker } from '../src/jobs/worker';
import { createPinCipher } from '../src/vouchers/pin-crypto';
import { jobServices, messageGatewaysAt, operatorsAt, paymentProvidersAt } from '../src/wiring';

/**
 * The API on a real port over a fresh database of its own (PostgreSQL or embedded PGlite), talking
 * over real HTTP to a sandbox of its own (also on a real port).
 */
/** A port free right now, so that the API knows its own URL (for webhooks) before it listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts what must listen on a port known before it starts (its address is in URLs it hands
 * out), on a free port; another test file may take the port first, and then the next is tried.
 */
export async function onAFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await start(await freePort());
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
}

export const WEBHOOK_SECRET = 'test-webhook-secret';
export const OPERATOR_SECRET = 'test-operator-secret';
/** The signing secret of the Stripe stand-in's events, and the key the tenants on Stripe use. */
export const STRIPE_ACCOUNT = { secretKey: 'sk_test_api', webhookSecret: 'whsec_api_tests' };
/** The DT One account of the tenants on DT One, as the stand-in knows it. */
export const DTONE_ACCOUNT = { apiKey: 'test-dtone-key', apiSecret: 'test-dtone-secret' };
/** The Twilio account of the tenants on Twilio, as the stand-in knows it. */
export const TWILIO_ACCOUNT = {
  accountSid: 'AC7e57ac0c0a11ce5500000000000000aa',
  authToken: 'test-twilio-auth-token',
};
/** 32 bytes, base64: the voucher PIN key of the tests. */
export const TEST_PIN_KEY = Buffer.alloc(32, 7).toString('base64');

/** Ceilings no test reaches unless it sets its own: every limited call is still counted. */
export const LIFTED_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_ABUSE_LIMITS).map((name) => [name, { max: 1_000_000 }]),
) as NonNullable<AbuseLimitOptions['overrides']>;

export interface StartApiOptions {
  /** The abuse limits as the test wants them; by default lifted out of reach. */
  abuseLimits?: AbuseLimitOptions;
  /** The provider's webhooks go to a port nobody listens on, as if every one were lost. */
  webhooksLost?: boolean;
  /**
   * Whether a worker in this process takes the jobs (the commit a webhook starts); it sends no
   * scheduled jobs: tests run reconciliation passes themselves. Default true.
   */
  worker?: boolean;
  /** The tenants' configs, by shop id; the demo tenants by default. */
  tenants?: Record<string, unknown>;
}

export async function startApi({
  abuseLimits = { overrides: LIFTED_LIMITS },
  webhooksLost = false,
  worker: withWorker = true,
  tenants = tenantSources,
}: StartApiOptions = {}) {
  const sandbox = await onAFreePort((port) =>
    startSandbox({
      publicBaseUrl: `http://127.0.0.1:${port}`,
      operatorWebhookSecret: OPERATOR_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      stripeWebhookSecret: STRIPE_ACCOUNT.webhookSecret,
      twilioAccountSid: TWILIO_ACCOUNT.accountSid,
      twilioAuthToken: TWILIO_ACCOUNT.authToken,
      twilioStatusDelayMs: 5,
      dtoneApiKey: DTONE_ACCOUNT.apiKey,
      dtoneApiSecret: DTONE_ACCOUNT.apiSecret,
      webhookRetryDelaysMs: [50, 100, 200],
      pendingTopupDelayMs: 1000,
      slowAnswerDelayMs: 2500,
    }),
  );
  const sandboxUrl = sandbox.baseUrl;
  // The tenants' single sign-on goes to this sandbox's identity provider.
  const registry = createTenantRegistry(tenants, { sandboxUrl });
  const database = await createTestDatabase();
  await syncTenants(database.db, registry.all);
  const pins = createPinCipher(TEST_PIN_KEY);
  await seedDemoData(database.db, registry.all, { pinCipher: pins });
  const jobs = await startPgBossQueue({
    db: database,
    maintains: withWorker,
    expireSeconds: 300,
    onError: (error) => console.warn(`job queue: ${error.message}`),
  });
  const apiOnPort = async (port: number, limits: AbuseLimitOptions, services: Partial<AppDependencies>) => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const publicUrl = webhooksLost ? `http://127.0.0.1:${await freePort()}` : baseUrl;
    const dependencies: AppDependencies = {
      logger: { level: process.env.API_TEST_LOG ? 'warn' : 'error' },
      tenants: registry,
      db: database.db,
      pingDatabase: database.ping,
      listenDatabase: database.listen,
      operators: operatorsAt(registry, {
        sandbox: { baseUrl: sandboxUrl, timeoutMs: 1000, retries: 2, backoffMs: [100] },
        dtoneApi: `${sandboxUrl}/dtone`,
        dtoneAccountOf: () => DTONE_ACCOUNT,
        publicUrl,
        db: database.db,
        timeoutMs: 1000,
      }),
      addressLookup: createHttpAddressLookup({
        baseUrl: sandboxUrl,
        timeoutMs: 1000,
        retries: 2,
        backoffMs: [100],
      }),
      providers: paymentProvidersAt(registry, {
        sandbox: { baseUrl: sandboxUrl, webhookSecret: WEBHOOK_SECRET },
        stripeApi: sandboxUrl,
        stripeAccountOf: () => STRIPE_ACCOUNT,
      }),
      messageGateways: messageGatewaysAt(registry, {
        sandbox: { baseUrl: sandboxUrl },
        twilioApi: `${sandboxUrl}/twilio`,
        twilioAccountOf: () => TWILIO_ACCOUNT,
        publicUrl,
      }),
      mailer: createSmtpMailer({
        url: `smtp://127.0.0.1:${sandbox.smtpPort()}`,
        from: 'Shop <receipts@shop.example>',
      }),
      pins,
      publicUrl,
      operatorWebhookSecret: OPERATOR_SECRET,
      jobs,
      abuseLimits: limits,
      ...services,
    };
    const app = await buildApp(dependencies);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      throw error;
    }
    return {
      app,
      dependencies,
      baseUrl,
      request: (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, init),
      /** One reconciliation pass, as the API runs it on its schedule. */
      reconcile: (now?: Date) =>
        reconcileOrders(
          { ...servicesOf(dependencies, app.log).fulfilment, tenants: dependencies.tenants, log: app.log },
          now,
        ),
    };
  };
  /** An API process over this database and sandbox, listening on a port of its own. */
  const listeningApi = async (limits: AbuseLimitOptions, services: Partial<AppDependencies> = {}) => {
    // The port must be known before the app is built (its public URL); another test file may
    // take it first, and then the next free one is tried.
    for (;;) {
      try {
        return await apiOnPort(await freePort(), limits, services);
      } catch (error) {
        if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      }
    }
  };
  const first = await listeningApi(abuseLimits);
  // The operator's events go to the first API process.
  const target = await fetch(`${sandboxUrl}/operator/events/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${first.baseUrl}/api/webhooks/operator` }),
  });
  if (!target.ok) throw new Error(`the sandbox took no webhook URL: ${target.status}`);
  // The Stripe stand-in is the account of every tenant on Stripe here: alpenfunk's endpoint.
  const stripeTarget = await fetch(`${sandboxUrl}/stripe/testing/webhook-endpoint`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${first.baseUrl}/api/webhooks/stripe/alpenfunk` }),
  });
  if (!stripeTarget.ok) throw new Error(`the Stripe stand-in took no webhook URL: ${stripeTarget.status}`);
  const others: Awaited<ReturnType<typeof listeningApi>>[] = [];
  const worker: RunningWorker | undefined = withWorker
    ? await startWorker({
        jobs,
        services: jobServices(first.dependencies, first.app.log),
        reconcileEverySeconds: 60,
        scheduled: false,
      })
    : undefined;
  return {
    database,
    baseUrl: first.baseUrl,
    sandbox: { app: sandbox.app, baseUrl: sandboxUrl, client: sandboxClient(sandboxUrl) },
    request: first.request,
    reconcile: first.reconcile,
    /** The services the worker's jobs run with (the automatic top-up engine, with a clock of the test's). */
    services: jobServices(first.dependencies, first.app.log),
    /**
     * A second API process sharing this one's database and sandbox (closed with it); `services`
     * replace the outside services it would use (an adapter pointed elsewhere).
     */
    another: async (limits: AbuseLimitOptions = abuseLimits, services: Partial<AppDependencies> = {}) => {
      const api = await listeningApi(limits, services);
      others.push(api);
      return { baseUrl: api.baseUrl, request: api.request };
    },
    /** The job queue all of them send to. */
    jobs,
    close: async () => {
      // The mail connections first (the sandbox's mail server waits for open ones), then the
      // sandbox, so that no webhook is still arriving while the API closes.
      for (const api of [first, ...others]) api.dependencies.mailer.close();
      await sandbox.close();
      for (const api of [first, ...others]) await api.app.close();
      await (worker ? worker.stop(1_000) : jobs.stop(1_000));
      await database.close();
    },
  };
}

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
