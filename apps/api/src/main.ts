import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { type DatabaseHandle, syncTenants } from '@shop/db';
import { trustedProxyList } from '@shop/domain';
import { createRedis } from './adapters/redis';
import { buildApp } from './app';
import { DEMO_DATA_REFUSAL, holdsDemoData, seedDemoData } from './demo/seed';
import { apiProcessCount, isDemoDeployment, readEnv } from './env';
import { type RunningWorker, startWorker } from './jobs/worker';
import { closeGracefully, onShutdownRequest, runApiProcesses } from './processes';
import { createPinCipher, DEVELOPMENT_KEY_WARNING } from './vouchers/pin-crypto';
import {
  configured,
  jobLogger,
  jobServices,
  openJobQueue,
  openShopDatabase,
  refuseToStart,
  shopServices,
  shopTenants,
} from './wiring';

const env = configured('API', readEnv);
const registry = configured('API', () => shopTenants(env));
const processes = apiProcessCount(env, availableParallelism());
const pins = createPinCipher(env.VOUCHER_PIN_KEY);
if (cluster.isPrimary) {
  // Migrations, tenants and (in a demo) the demo data once, before any process answers.
  const prepared = await openShopDatabase(env);
  await syncTenants(prepared.db, registry.all);
  if (pins.usesDevelopmentKey) console.warn(DEVELOPMENT_KEY_WARNING);
  if (isDemoDeployment(env)) await seedDemoData(prepared.db, registry.all, { pinCipher: pins });
  else if (await holdsDemoData(prepared.db)) {
    await prepared.close();
    refuseToStart('API', DEMO_DATA_REFUSAL);
  }
  if (processes > 1) {
    await prepared.close();
    if (!env.REDIS_URL) {
      console.warn('REDIS_URL is unset: each API process counts the abuse limits on its own');
    }
    runApiProcesses(processes, (message) => console.log(message));
  } else await serve(prepared);
} else {
  await serve(await openShopDatabase(env, { migrated: true }));
}

/** One API process on `database`: the routes, and on the embedded database the jobs as well. */
async function serve(database: DatabaseHandle): Promise<void> {
  const dependencies = shopServices(env, { registry, database, pins });
  // The embedded database takes one process, so the API works the jobs itself; on PostgreSQL it
  // only sends them, and workers of their own (worker.ts) take them (decision 0019).
  const hostsWorker = database.engine === 'pglite';
  const jobLog = jobLogger(env);
  const jobs = await openJobQueue(env, database, { maintains: hostsWorker, log: jobLog });
  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL) : undefined;
  const app = await buildApp({
    ...dependencies,
    jobs,
    abuseLimits: { redis },
    graphqlIntrospection: env.NODE_ENV !== 'production',
    trustedProxies: trustedProxyList(env.TRUSTED_PROXIES, env.NODE_ENV),
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

  let worker: RunningWorker | undefined;
  let closing = false;
  onShutdownRequest(() => {
    if (!closing) process.kill(process.pid, 'SIGTERM');
  });
  closeGracefully(app.log, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    // Running jobs get most of the grace period; what is still running then is handed back.
    await (worker ? worker.stop(8_000) : jobs.stop(1_000));
    dependencies.mailer.close();
    redis?.disconnect();
    await database.close();
  });

  await app.listen({ port: env.API_PORT, host: env.API_HOST });
  if (hostsWorker) {
    worker = await startWorker({
      jobs,
      services: jobServices({ ...dependencies, jobs }, jobLog),
      reconcileEverySeconds: env.RECONCILE_INTERVAL_SECONDS,
    });
  }
  app.log.info({ engine: database.engine, tenants: registry.all.length, hostsWorker }, 'API ready');
}
