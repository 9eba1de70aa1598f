import { openDatabase, syncTenants } from '@shop/db';
import { tenants } from '@shop/tenants';
import closeWithGrace from 'close-with-grace';
import { createSmtpMailer } from './adapters/mailer';
import { createHttpMessageGateway } from './adapters/messages';
import { createHttpOperator } from './adapters/operator';
import { createSandboxPaymentProvider } from './adapters/payment-provider';
import { createRedis } from './adapters/redis';
import { buildApp, servicesOf } from './app';
import { deleteExpiredCarts } from './cart/service';
import { seedDemoData } from './demo/seed';
import { readEnv } from './env';
import { reconcileOrders } from './fulfilment/reconcile';
import { createPinCipher, DEVELOPMENT_KEY_WARNING } from './vouchers/pin-crypto';

/** Configuration mistakes end the start with their message, not a stack trace. */
function configured<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(`The API cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
}

const env = configured(readEnv);
const registry = configured(tenants);
const database = await openDatabase(
  env.DATABASE_URL
    ? {
        url: env.DATABASE_URL,
        onIdleError: (error) => console.warn(`An idle database connection broke: ${error.message}`),
      }
    : { dataDir: env.DATA_DIR },
);
await database.migrate();
await syncTenants(database.db, registry.all);
const pins = createPinCipher(env.VOUCHER_PIN_KEY);
if (pins.usesDevelopmentKey) console.warn(DEVELOPMENT_KEY_WARNING);
await seedDemoData(database.db, registry.all, { pinCipher: pins });

const dependencies = {
  tenants: registry,
  db: database.db,
  pingDatabase: database.ping,
  operator: createHttpOperator({ baseUrl: env.SANDBOX_URL }),
  provider: createSandboxPaymentProvider({ baseUrl: env.SANDBOX_URL, webhookSecret: env.PSP_WEBHOOK_SECRET }),
  messages: createHttpMessageGateway({ baseUrl: env.SANDBOX_URL }),
  mailer: createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }),
  pins,
  commitLeaseMs: env.COMMIT_LEASE_SECONDS * 1000,
  publicUrl: env.API_PUBLIC_URL ?? `http://127.0.0.1:${env.API_PORT}`,
};
const { fulfilment } = servicesOf(dependencies);
const redis = env.REDIS_URL ? createRedis(env.REDIS_URL) : undefined;
const app = await buildApp({
  ...dependencies,
  abuseLimits: { redis },
  logger: {
    level: env.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  },
});

if (redis) {
  // ioredis reconnects by itself: one warning per outage, not one per attempt.
  let down = false;
  redis.on('ready', () => {
    down = false;
    app.log.info('abuse limits count in Redis');
  });
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    app.log.warn({ err }, 'Redis unreachable: abuse limits let calls through until it is back');
  });
  await redis.connect().catch(() => {});
} else {
  app.log.info('abuse limits count in memory (REDIS_URL unset)');
}

/** Expired carts go every ten minutes (in this process until the job queue lands). */
const cartCleanup = setInterval(() => {
  deleteExpiredCarts(database.db).then(
    (deleted) => deleted > 0 && app.log.info({ deleted }, 'expired carts deleted'),
    (err) => app.log.error({ err }, 'expired cart cleanup failed'),
  );
}, 10 * 60_000);
cartCleanup.unref();

/** Orders left between payment and outcome are finished on a schedule (docs/fulfilment.md). */
const reconcile = () =>
  reconcileOrders({ ...fulfilment, tenants: registry, log: app.log }).then(
    (taken) => taken > 0 && app.log.info({ taken }, 'orders reconciled'),
    (err) => app.log.error({ err }, 'reconciliation failed'),
  );
const reconciliation = setInterval(reconcile, env.RECONCILE_INTERVAL_SECONDS * 1000);
reconciliation.unref();

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  clearInterval(cartCleanup);
  clearInterval(reconciliation);
  await app.close();
  redis?.disconnect();
  await database.close();
});

await app.listen({ port: env.API_PORT, host: env.API_HOST });
app.log.info({ engine: database.engine, tenants: registry.all.length }, 'API ready');
// Whatever a previous run left between payment and outcome is taken up at once.
void reconcile();
