/**
 * The worker: works the job queue (commits after webhooks, reconciliation, expired carts) on
 * the PostgreSQL of DATABASE_URL, beside any number of API processes and other workers
 * (decision 0019). On the embedded database the API works the jobs itself instead.
 */
import { readEnv } from './env';
import { startWorker } from './jobs/worker';
import { closeGracefully } from './processes';
import { createPinCipher, DEVELOPMENT_KEY_WARNING } from './vouchers/pin-crypto';
import {
  configured,
  jobLogger,
  jobServices,
  openJobQueue,
  openShopDatabase,
  shopServices,
  shopTenants,
} from './wiring';

const env = configured('worker', readEnv);
if (!env.DATABASE_URL) {
  console.error(
    'The worker cannot start. It needs DATABASE_URL: on the embedded database the API works the jobs.',
  );
  process.exit(1);
}
const registry = configured('worker', () => shopTenants(env));
const log = jobLogger(env);
const database = await openShopDatabase(env);
const pins = createPinCipher(env.VOUCHER_PIN_KEY);
if (pins.usesDevelopmentKey) console.warn(DEVELOPMENT_KEY_WARNING);
const dependencies = shopServices(env, { registry, database, pins });
const jobs = await openJobQueue(env, database, { maintains: true, log });
const worker = await startWorker({
  jobs,
  services: jobServices({ ...dependencies, jobs }, log),
  reconcileEverySeconds: env.RECONCILE_INTERVAL_SECONDS,
});

closeGracefully(log, async ({ signal, err }) => {
  if (err) log.error({ err }, 'worker shutting down after an error');
  else log.info({ signal }, 'worker shutting down');
  // Running jobs get most of the grace period; what is still running then is handed back.
  await worker.stop(8_000);
  dependencies.mailer.close();
  await database.close();
});
