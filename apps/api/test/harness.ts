import { type AddressInfo, createServer } from 'node:net';
import { syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { tenants } from '@shop/tenants';
import { buildSandbox } from '../../sandbox/src/app';
import { createSmtpMailer } from '../src/adapters/mailer';
import { createHttpMessageGateway } from '../src/adapters/messages';
import { createHttpOperator } from '../src/adapters/operator';
import { createSandboxPaymentProvider } from '../src/adapters/payment-provider';
import { buildApp, servicesOf } from '../src/app';
import { seedDemoData } from '../src/demo/seed';
import { reconcileOrders } from '../src/fulfilment/reconcile';
import { createPinCipher } from '../src/vouchers/pin-crypto';

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

export const WEBHOOK_SECRET = 'test-webhook-secret';
/** 32 bytes, base64: the voucher PIN key of the tests. */
export const TEST_PIN_KEY = Buffer.alloc(32, 7).toString('base64');

export interface ApiOptions {
  /** The provider's webhooks go to a port nobody listens on, as if every one were lost. */
  webhooksLost?: boolean;
}

export async function startApi({ webhooksLost = false }: ApiOptions = {}) {
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = await buildSandbox({
    publicBaseUrl: sandboxUrl,
    webhookSecret: WEBHOOK_SECRET,
    webhookRetryDelaysMs: [50, 100, 200],
    pendingTopupDelayMs: 1000,
    slowAnswerDelayMs: 2500,
  });
  await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' });
  const database = await createTestDatabase();
  await syncTenants(database.db, tenants().all);
  const pins = createPinCipher(TEST_PIN_KEY);
  await seedDemoData(database.db, tenants().all, { pinCipher: pins });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dependencies = {
    tenants: tenants(),
    db: database.db,
    pingDatabase: database.ping,
    operator: createHttpOperator({ baseUrl: sandboxUrl, timeoutMs: 1000, retries: 2, backoffMs: [100] }),
    provider: createSandboxPaymentProvider({ baseUrl: sandboxUrl, webhookSecret: WEBHOOK_SECRET }),
    messages: createHttpMessageGateway({ baseUrl: sandboxUrl }),
    mailer: createSmtpMailer({
      url: `smtp://127.0.0.1:${sandbox.smtpPort()}`,
      from: 'Shop <receipts@shop.example>',
    }),
    pins,
    publicUrl: webhooksLost ? `http://127.0.0.1:${await freePort()}` : baseUrl,
  };
  const app = await buildApp({
    ...dependencies,
    logger: process.env.API_TEST_LOG ? { level: 'warn' } : false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const { fulfilment } = servicesOf(dependencies);
  return {
    database,
    baseUrl,
    sandbox: { app: sandbox, baseUrl: sandboxUrl },
    request: (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, init),
    /** One reconciliation pass, as the API runs it on its schedule. */
    reconcile: (now?: Date) =>
      reconcileOrders({ ...fulfilment, tenants: dependencies.tenants, log: app.log }, now),
    close: async () => {
      // The sandbox first, so that no webhook is still arriving while the API closes.
      await sandbox.close();
      await app.close();
      await database.close();
    },
  };
}

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
