import { setTimeout as sleep } from 'node:timers/promises';
import { type Database, type DatabaseHandle, isConnectionLoss, openDatabase } from '@shop/db';
import { type TenantConfig, type TenantRegistry, tenants } from '@shop/tenants';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createHttpAddressLookup } from './adapters/address-lookup';
import { createDtoneOperator, type DtoneAccount } from './adapters/dtone/operator';
import { createSmtpMailer } from './adapters/mailer';
import { createHttpMessageGateway } from './adapters/messages';
import { createHttpOperator, type HttpOperatorOptions } from './adapters/operator';
import { createOperators, type Operators } from './adapters/operators';
import { createSandboxPaymentProvider } from './adapters/payment-provider';
import {
  createPaymentProviders,
  type PaymentProviders,
  type StripeAccount,
} from './adapters/payment-providers';
import { createStripePaymentProvider } from './adapters/stripe/provider';
import { createTwilioMessageGateway, type TwilioAccount } from './adapters/twilio/gateway';
import { type AppDependencies, servicesOf } from './app';
import { dtoneCatalogueOf } from './catalogue/aggregator-products';
import { appEntryKeysOf, type Env } from './env';
import { dtoneCallbackUrl } from './fulfilment/operator-callbacks';
import { startPgBossQueue } from './jobs/pg-boss';
import type { JobQueue } from './jobs/queue';
import { createMessageGateways, type MessageGateways } from './messages/gateways';
import { twilioWebhookUrl } from './messages/twilio-routes';
import type { PinCipher } from './vouchers/pin-crypto';

/**
 * What the API and the worker processes are made of, from the environment: one database, the
 * outside services, the job queue. Each entry point (`main.ts`, `worker.ts`) adds its own part.
 */

/** Configuration mistakes end the start with their message, not a stack trace. */
export function configured<T>(program: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    return refuseToStart(program, (error as Error).message);
  }
}

/** Ends the process before it serves anything, saying why. */
export function refuseToStart(program: string, reason: string): never {
  console.error(`The ${program} cannot start. ${reason}`);
  process.exit(1);
}

/** How long a starting process waits for a database that cannot be reached (restarting, or still starting). */
const DATABASE_START_WAIT_MS = 60_000;

/**
 * Runs a step that needs the database; while the database cannot be reached, tries again with a
 * growing pause, for up to a minute, instead of ending the process that is starting.
 */
async function onceReachable<T>(step: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + DATABASE_START_WAIT_MS;
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 4000)) {
    try {
      return await step();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() + pauseMs > deadline) throw error;
      console.warn(`The database cannot be reached yet (${(error as Error).message}); trying again`);
      await sleep(pauseMs);
    }
  }
}

/**
 * PostgreSQL at DATABASE_URL, else the embedded database in DATA_DIR; migrated unless the first
 * API process has done so already (`migrated`), and reachable: a process started while its
 * database restarts waits for it.
 */
export async function openShopDatabase(env: Env, { migrated = false } = {}): Promise<DatabaseHandle> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          onIdleError: (error) => console.warn(`An idle database connection broke: ${error.message}`),
        }
      : { dataDir: env.DATA_DIR },
  );
  await onceReachable(() => (migrated ? database.ping() : database.migrate()));
  return database;
}

/** The services the routes and the jobs work with. */
export function shopServices(
  env: Env,
  { registry, database, pins }: { registry: TenantRegistry; database: DatabaseHandle; pins: PinCipher },
): Omit<AppDependencies, 'jobs' | 'abuseLimits' | 'logger'> {
  return {
    tenants: registry,
    db: database.db,
    pingDatabase: database.ping,
    listenDatabase: database.listen,
    operators: operatorsOf(env, registry, database.db),
    addressLookup: createHttpAddressLookup({ baseUrl: env.SANDBOX_URL }),
    providers: paymentProvidersOf(env, registry),
    messageGateways: messageGatewaysOf(env, registry),
    mailer: createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }),
    pins,
    commitLeaseMs: env.COMMIT_LEASE_SECONDS * 1000,
    publicUrl: publicUrlOf(env),
    operatorWebhookSecret: env.OPERATOR_WEBHOOK_SECRET,
    appEntryKeys: appEntryKeysOf(env),
    ...(env.SHOP_URL_TEMPLATE ? { shopUrlTemplate: env.SHOP_URL_TEMPLATE } : {}),
  };
}

/** The tenants' configs; a tenant whose payment account has no keys in the environment stops the start. */
export function shopTenants(env: Pick<Env, 'NODE_ENV'>): TenantRegistry {
  const registry = tenants();
  for (const tenant of registry.all) {
    if (tenant.paymentProvider.stripe) stripeAccountOf(env, tenant);
    if (tenant.messageProvider.name === 'twilio') twilioAccountOf(env, tenant);
    if (tenant.operatorProvider.name === 'dtone') dtoneAccountOf(env, tenant);
  }
  return registry;
}

/**
 * A tenant's credentials from the environment variables its config names (by field); outside
 * production an unset one is the sandbox stand-in's. A missing one stops the start, naming it.
 */
function credentialsOf<K extends string>(
  env: Pick<Env, 'NODE_ENV'>,
  source: NodeJS.ProcessEnv,
  { variables, standIn, what }: { variables: Record<K, string>; standIn: Record<K, string>; what: string },
): Record<K, string> {
  const read = ([field, variable]: [K, string]) => {
    const value = source[variable]?.trim() || (env.NODE_ENV === 'production' ? undefined : standIn[field]);
    if (!value) throw new Error(`${variable} must hold ${what}.`);
    return [field, value] as const;
  };
  return Object.fromEntries((Object.entries(variables) as [K, string][]).map(read)) as Record<K, string>;
}

/** The keys the sandbox's Stripe stand-in takes (any `sk_test_…`) and signs its events with. */
const STAND_IN_STRIPE_ACCOUNT: StripeAccount = {
  secretKey: 'sk_test_sandbox',
  webhookSecret: 'whsec_sandbox',
};

/**
 * A tenant's Stripe keys, from the environment variables its config names; outside production an
 * unset one is the stand-in's. Read for every tenant at the start, so a missing key stops it.
 */
export function stripeAccountOf(
  env: Pick<Env, 'NODE_ENV'>,
  tenant: TenantConfig,
  source: NodeJS.ProcessEnv = process.env,
): StripeAccount {
  const names = tenant.paymentProvider.stripe;
  if (!names) throw new Error(`Tenant "${tenant.shopId}" has no Stripe account (paymentProvider.stripe).`);
  return credentialsOf(env, source, {
    variables: { secretKey: names.secretKeyVariable, webhookSecret: names.webhookSecretVariable },
    standIn: STAND_IN_STRIPE_ACCOUNT,
    what: `the Stripe key of tenant "${tenant.shopId}"`,
  });
}

/** The sandbox provider and each tenant's Stripe account (at STRIPE_API_URL, else Stripe itself or the stand-in). */
function paymentProvidersOf(env: Env, registry: TenantRegistry): PaymentProviders {
  return paymentProvidersAt(registry, {
    sandbox: { baseUrl: env.SANDBOX_URL, webhookSecret: env.PSP_WEBHOOK_SECRET },
    stripeApi: env.STRIPE_API_URL ?? (env.NODE_ENV === 'production' ? undefined : env.SANDBOX_URL),
    stripeAccountOf: (tenant) => stripeAccountOf(env, tenant),
  });
}

/** The tenants' payment providers: the sandbox provider, and Stripe at `stripeApi` (Stripe itself when unset). */
export function paymentProvidersAt(
  registry: TenantRegistry,
  options: {
    sandbox: Parameters<typeof createSandboxPaymentProvider>[0];
    stripeApi: string | undefined;
    stripeAccountOf: (tenant: TenantConfig) => StripeAccount;
  },
): PaymentProviders {
  const at = options.stripeApi ? new URL(options.stripeApi) : undefined;
  const secure = at?.protocol === 'https:';
  return createPaymentProviders(registry, {
    sandbox: createSandboxPaymentProvider(options.sandbox),
    stripe: (account) =>
      createStripePaymentProvider({
        ...account,
        ...(at
          ? {
              host: at.hostname,
              port: Number(at.port || (secure ? 443 : 80)),
              protocol: secure ? 'https' : 'http',
            }
          : {}),
      }),
    stripeAccountOf: options.stripeAccountOf,
  });
}

/** The account the sandbox's Twilio stand-in takes and signs its webhooks with. */
const STAND_IN_TWILIO_ACCOUNT: TwilioAccount = {
  accountSid: 'AC5a9db0c1e2f3a4b5c6d7e8f9a0b1c2d3',
  authToken: 'sandbox-twilio-auth-token',
};

/** A tenant's Twilio credentials, from the environment variables its config names. */
export function twilioAccountOf(
  env: Pick<Env, 'NODE_ENV'>,
  tenant: TenantConfig,
  source: NodeJS.ProcessEnv = process.env,
): TwilioAccount {
  const names = tenant.messageProvider.twilio;
  if (!names) throw new Error(`Tenant "${tenant.shopId}" has no Twilio account (messageProvider.twilio).`);
  return credentialsOf(env, source, {
    variables: { accountSid: names.accountSidVariable, authToken: names.authTokenVariable },
    standIn: STAND_IN_TWILIO_ACCOUNT,
    what: `the Twilio credentials of tenant "${tenant.shopId}"`,
  });
}

function messageGatewaysOf(env: Env, registry: TenantRegistry): MessageGateways {
  return messageGatewaysAt(registry, {
    sandbox: { baseUrl: env.SANDBOX_URL },
    twilioApi:
      env.TWILIO_API_URL ?? (env.NODE_ENV === 'production' ? undefined : `${env.SANDBOX_URL}/twilio`),
    twilioAccountOf: (tenant) => twilioAccountOf(env, tenant),
    publicUrl: publicUrlOf(env),
  });
}

/**
 * The tenants' message gateways: the sandbox gateway, and Twilio at `twilioApi` (Twilio itself
 * when unset), reporting each message's progress to the tenant's webhook at `publicUrl`.
 */
export function messageGatewaysAt(
  registry: TenantRegistry,
  options: {
    sandbox: Parameters<typeof createHttpMessageGateway>[0];
    twilioApi: string | undefined;
    twilioAccountOf: (tenant: TenantConfig) => TwilioAccount;
    publicUrl: string;
  },
): MessageGateways {
  return createMessageGateways(registry, {
    sandbox: createHttpMessageGateway(options.sandbox),
    twilio: (tenant, account) =>
      createTwilioMessageGateway({
        ...account,
        ...(options.twilioApi ? { apiUrl: options.twilioApi } : {}),
        smsFrom: tenant.messageProvider.twilio?.smsFrom ?? tenant.shortName.slice(0, 11),
        ...(tenant.messageProvider.twilio?.whatsappFrom
          ? { whatsappFrom: tenant.messageProvider.twilio.whatsappFrom }
          : {}),
        statusCallbackUrl: twilioWebhookUrl(options.publicUrl, tenant.shopId, 'status'),
      }),
    twilioAccountOf: options.twilioAccountOf,
  });
}

const publicUrlOf = (env: Env) => env.API_PUBLIC_URL ?? `http://127.0.0.1:${env.API_PORT}`;

/** The key and secret the sandbox's DT One stand-in takes. */
const STAND_IN_DTONE_ACCOUNT: DtoneAccount = {
  apiKey: 'dtone-sandbox-key',
  apiSecret: 'dtone-sandbox-secret',
};

/** A tenant's DT One key and secret, from the environment variables its config names. */
export function dtoneAccountOf(
  env: Pick<Env, 'NODE_ENV'>,
  tenant: TenantConfig,
  source: NodeJS.ProcessEnv = process.env,
): DtoneAccount {
  const names = tenant.operatorProvider.dtone;
  if (!names) throw new Error(`Tenant "${tenant.shopId}" has no DT One account (operatorProvider.dtone).`);
  return credentialsOf(env, source, {
    variables: { apiKey: names.apiKeyVariable, apiSecret: names.apiSecretVariable },
    standIn: STAND_IN_DTONE_ACCOUNT,
    what: `the DT One key of tenant "${tenant.shopId}"`,
  });
}

function operatorsOf(env: Env, registry: TenantRegistry, db: Database): Operators {
  return operatorsAt(registry, {
    sandbox: { baseUrl: env.SANDBOX_URL },
    dtoneApi: env.DTONE_API_URL ?? (env.NODE_ENV === 'production' ? DTONE_API : `${env.SANDBOX_URL}/dtone`),
    dtoneAccountOf: (tenant) => dtoneAccountOf(env, tenant),
    publicUrl: publicUrlOf(env),
    db,
  });
}

const DTONE_API = 'https://dvs-api.dtone.com';

/**
 * The tenants' operators: the sandbox operator, and DT One at `dtoneApi` with each tenant's
 * mapping table, reporting the end of each top-up to the tenant's callback at `publicUrl`.
 */
export function operatorsAt(
  registry: TenantRegistry,
  options: {
    sandbox: HttpOperatorOptions;
    dtoneApi: string;
    dtoneAccountOf: (tenant: TenantConfig) => DtoneAccount;
    publicUrl: string;
    db: Database;
    timeoutMs?: number;
  },
): Operators {
  return createOperators(registry, {
    sandbox: createHttpOperator(options.sandbox),
    dtone: (tenant, account) =>
      createDtoneOperator({
        ...account,
        apiUrl: options.dtoneApi,
        catalogue: dtoneCatalogueOf(options.db, tenant.shopId),
        callbackUrl: dtoneCallbackUrl(options.publicUrl, tenant.shopId),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
    dtoneAccountOf: options.dtoneAccountOf,
  });
}

/** The services the jobs work with: the commit's, the tenants, a log. */
export const jobServices = (
  dependencies: Parameters<typeof servicesOf>[0] & Pick<AppDependencies, 'tenants' | 'shopUrlTemplate'>,
  log: FastifyBaseLogger,
) => ({
  ...servicesOf(dependencies, log).fulfilment,
  tenants: dependencies.tenants,
  shopUrlTemplate: dependencies.shopUrlTemplate,
  log,
});

/** The log of the jobs (JSON lines, as the API's). */
export const jobLogger = (env: Env): FastifyBaseLogger => pino({ level: env.LOG_LEVEL, name: 'jobs' });

/** The job queue on this database; a worker also keeps it (`maintains`). */
export const openJobQueue = (
  env: Env,
  database: DatabaseHandle,
  { maintains, log }: { maintains: boolean; log: FastifyBaseLogger },
): Promise<JobQueue> =>
  startPgBossQueue({
    db: database,
    maintains,
    expireSeconds: env.JOB_EXPIRE_SECONDS,
    onError: (err) => log.warn({ err }, 'job queue error'),
  });
