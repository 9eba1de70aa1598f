import type { AddressInfo } from 'node:net';
import { syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { tenants } from '@shop/tenants';
import { buildSandbox } from '../../sandbox/src/app';
import { createHttpOperator } from '../src/adapters/operator';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/demo/seed';

/**
 * The API on a real port over a fresh database of its own (PostgreSQL or embedded PGlite), talking
 * over real HTTP to a sandbox of its own (also on a real port).
 */
export async function startApi() {
  const sandbox = await buildSandbox();
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const database = await createTestDatabase();
  await syncTenants(database.db, tenants().all);
  await seedDemoData(database.db, tenants().all);
  const app = await buildApp({
    tenants: tenants(),
    db: database.db,
    pingDatabase: database.ping,
    operator: createHttpOperator({ baseUrl: sandboxUrl }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    database,
    baseUrl,
    sandbox: { app: sandbox, baseUrl: sandboxUrl },
    request: (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, init),
    close: async () => {
      await app.close();
      await database.close();
      await sandbox.close();
    },
  };
}

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
