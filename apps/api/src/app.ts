import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database, DatabaseHandle } from '@shop/db';
import { REQUEST_BODY_LIMIT_BYTES } from '@shop/domain/contract';
import type { TenantRegistry } from '@shop/tenants';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AddressLookup } from './adapters/address-lookup';
import type { Mailer } from './adapters/mailer';
import type { Operators } from './adapters/operators';
import type { PaymentProviders } from './adapters/payment-providers';
import { openCatalogueCache } from './catalogue/cache';
import { createTenantNumberOwners } from './catalogue/number-owners';
import { appEntryKeysOf } from './env';
import { operatorCallbackRoutes } from './fulfilment/operator-callbacks';
import { backofficeApp } from './http/backoffice-app';
import { proxyTrust, registerTrustedProxies } from './http/client-address';
import { edgeErrorOptions, registerErrorHandling } from './http/errors';
import { refuseNulCharacters } from './http/nul-characters';
import { type AbuseLimitOptions, createAbuseLimits } from './http/rate-limits';
import { OneLinePerRequest } from './http/request-log';
import { tenantContext } from './http/tenant-context';
import { requestCommit } from './jobs/commit-order';
import { workerStatus } from './jobs/heartbeat';
import type { JobQueue } from './jobs/queue';
import { createShopMessageGateway, type MessageGateways } from './messages/gateways';
import { twilioWebhookRoutes } from './messages/twilio-routes';
import { accountRoutes } from './routes/account';
import { addressRoutes } from './routes/address';
import { appSessionRoutes } from './routes/app-sessions';
import { authRoutes } from './routes/auth';
import { autoTopupRoutes } from './routes/auto-topups';
import { backofficeRoutes } from './routes/backoffice';
import { backofficeCustomerRoutes } from './routes/backoffice-customers';
import { backofficeOrderRoutes } from './routes/backoffice-orders';
import { backofficeStaffRoutes } from './routes/backoffice-staff';
import { blogRoutes } from './routes/blog';
import { cartRoutes } from './routes/cart';
import { catalogueChangeRoutes } from './routes/catalogue-changes';
import { checkoutRoutes } from './routes/checkout';
import { commitRoutes } from './routes/commit';
import { contentRoutes } from './routes/content';
import { healthRoutes } from './routes/health';
import { numberLookupRoutes } from './routes/number-lookup';
import { operatorEventRoutes } from './routes/operator-events';
import { ownDataRoutes } from './routes/own-data';
import { paymentMethodRoutes } from './routes/payment-methods';
import { productRoutes } from './routes/products';
import { smsTopupRoutes } from './routes/sms-topups';
import { statisticsRoutes } from './routes/statistics';
import { translationRoutes } from './routes/translations';
import { voucherDeliveryRoutes } from './routes/voucher-delivery';
import { webhookRoutes } from './routes/webhooks';
import type { PinCipher } from './vouchers/pin-crypto';

export interface AppDependencies {
  tenants: TenantRegistry;
  db: Database;
  /** Throws when the database cannot be reached. */
  pingDatabase: () => Promise<void>;
  /** The database's notifications: the catalogue cache hears of changed products by them. */
  listenDatabase: DatabaseHandle['listen'];
  /** Each tenant's operator or aggregator: number look-ups, top-ups, voucher PINs, cash codes (decision 0070). */
  operators: Operators;
  /** The postcode service of the address forms. */
  addressLookup: AddressLookup;
  mailer: Mailer;
  /** Encrypts and decrypts voucher PINs at rest. */
  pins: PinCipher;
  /** How long a commit holds an order (a crashed one's hold runs out after it). */
  commitLeaseMs?: number;
  /** The tenants' payment providers (decision 0068). */
  providers: PaymentProviders;
  /** The tenants' SMS / WhatsApp gateways (decision 0069). */
  messageGateways: MessageGateways;
  /** The API's own public base URL: the payment provider's webhooks go to it. */
  publicUrl: string;
  /** Shared secret of the operator's signed events (`POST /api/webhooks/operator`). */
  operatorWebhookSecret: string;
  /** Where background work goes (a commit after a webhook); the health call counts its jobs. */
  jobs: Pick<JobQueue, 'send' | 'counts'>;
  /** Where the abuse limits keep their counts (Redis or memory) and any numbers other than the defaults. */
  abuseLimits?: AbuseLimitOptions;
  /** The shop's address in links sent by SMS (`SHOP_URL_TEMPLATE`). */
  shopUrlTemplate?: string | undefined;
  /** The key of each tenant's phone app for its entry links (`APP_ENTRY_KEYS`; the sandbox's by default). */
  appEntryKeys?: ReadonlyMap<string, readonly string[]>;
  /** Whether the blog's GraphQL schema answers introspection queries (never in production). */
  graphqlIntrospection?: boolean;
  /** The proxies whose word on the client's address the API takes (`TRUSTED_PROXIES`, decision 0062). */
  trustedProxies?: readonly string[];
  /** The built back office served at `/backoffice/` (apps/backoffice/dist by default). */
  backofficeDist?: string;
  logger?: FastifyServerOptions['logger'];
}

/** The services of the checkout and of the commit, as the routes and the scheduled passes use them. */
export function servicesOf(
  deps: Pick<
    AppDependencies,
    | 'db'
    | 'providers'
    | 'messageGateways'
    | 'publicUrl'
    | 'operators'
    | 'mailer'
    | 'pins'
    | 'commitLeaseMs'
    | 'jobs'
  >,
  log: FastifyBaseLogger,
) {
  const { db, providers, messageGateways, publicUrl, operators, mailer, pins, commitLeaseMs, jobs } = deps;
  const messages = createShopMessageGateway({ gateways: messageGateways, db, log });
  const checkout = {
    db,
    providers,
    messages,
    webhookUrl: `${publicUrl.replace(/\/+$/, '')}/api/webhooks/psp`,
  };
  return { checkout, fulfilment: { ...checkout, operators, mailer, pins, commitLeaseMs, jobs } };
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp({
  tenants,
  db,
  pingDatabase,
  listenDatabase,
  operators,
  addressLookup,
  mailer,
  pins,
  commitLeaseMs,
  providers,
  messageGateways,
  publicUrl,
  operatorWebhookSecret,
  jobs,
  abuseLimits,
  appEntryKeys = appEntryKeysOf({ NODE_ENV: 'development' }),
  graphqlIntrospection = false,
  trustedProxies = ['loopback'],
  backofficeDist,
  logger = false,
}: AppDependencies) {
  const trust = proxyTrust(trustedProxies);
  const app = Fastify({
    logger,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trust,
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    logController: new OneLinePerRequest(),
    ...edgeErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();

  registerTrustedProxies(app, trust);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerErrorHandling(app);
  refuseNulCharacters(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prepaid shop API',
        description: 'Calls of the white-label top-up shop. Tenant-scoped calls need `X-Tenant-Id`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const limits = createAbuseLimits(abuseLimits);

  const { checkout, fulfilment } = servicesOf(
    { db, providers, messageGateways, publicUrl, operators, mailer, pins, commitLeaseMs, jobs },
    app.log,
  );
  const { messages } = checkout;
  const numberOwners = createTenantNumberOwners(operators, { log: app.log });
  const catalogue = await openCatalogueCache(listenDatabase);
  app.addHook('onClose', () => catalogue.close());
  await app.register(healthRoutes, {
    ping: pingDatabase,
    background: async () => ({ worker: await workerStatus(db), jobs: await jobs.counts() }),
  });
  await app.register(catalogueChangeRoutes, { catalogue });
  await app.register(cookie);
  await app.register(backofficeRoutes, { db, limits, cipher: pins });
  await app.register(backofficeOrderRoutes, { db, tenants, fulfilment });
  await app.register(backofficeCustomerRoutes, { db, tenants });
  await app.register(backofficeStaffRoutes, { db, tenants, cipher: pins });
  await app.register(backofficeApp, { root: backofficeDist });
  await app.register(webhookRoutes, {
    ...checkout,
    tenants,
    onMoneySecured: (paymentId: string) => requestCommit({ db, jobs, log: app.log }, paymentId),
  });
  await app.register(operatorCallbackRoutes, { db, tenants, jobs });
  await app.register(twilioWebhookRoutes, {
    db,
    pins,
    tenants,
    gateways: messageGateways,
    publicUrl,
    onSms: async (requestId: string) => {
      await jobs.send('sms-topup', { requestId });
    },
  });
  await app.register(operatorEventRoutes, {
    db,
    pins,
    secret: operatorWebhookSecret,
    onRuns: async (runIds: string[]) => {
      for (const runId of runIds) await jobs.send('auto-topup-run', { runId });
    },
    onSms: async (requestId: string) => {
      await jobs.send('sms-topup', { requestId });
    },
    onLightLinks: async (linkIds: string[]) => {
      for (const linkId of linkIds) await jobs.send('auto-topup-light-link', { linkId });
    },
  });
  await app.register(async (scoped) => {
    await scoped.register(tenantContext, { tenants });
    await scoped.register(translationRoutes);
    await scoped.register(statisticsRoutes);
    await scoped.register(contentRoutes, { tenants });
    await scoped.register(numberLookupRoutes, { numberOwners, limits });
    await scoped.register(addressRoutes, { addressLookup, limits });
    await scoped.register(productRoutes, { db, catalogue });
    await scoped.register(appSessionRoutes, { db, limits, appEntryKeys });
    await scoped.register(cartRoutes, { db, limits, numberOwners, catalogue });
    await scoped.register(checkoutRoutes, { ...checkout, limits, accounts: { db, mailer, messages, pins } });
    await scoped.register(commitRoutes, { ...fulfilment, limits });
    await scoped.register(voucherDeliveryRoutes, { db, jobs, limits });
    await scoped.register(authRoutes, { db, mailer, messages, pins, limits });
    await scoped.register(accountRoutes, { db, mailer, messages, pins, limits });
    await scoped.register(ownDataRoutes, { db, mailer, messages, pins, limits, jobs });
    await scoped.register(paymentMethodRoutes, {
      ...checkout,
      jobs,
      limits,
      accounts: { db, mailer, messages, pins },
    });
    await scoped.register(autoTopupRoutes, { db, mailer, messages, pins, limits, jobs });
    await scoped.register(smsTopupRoutes, { db, mailer, messages, pins, limits });
    await scoped.register(blogRoutes, { db, introspection: graphqlIntrospection });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
