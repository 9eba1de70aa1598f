import type { AddressInfo } from 'node:net';
import { syncTenants } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { tenants } from '@shop/tenants';
import { buildApp } from '../src/app';

/** The API on a real port over a fresh database of its own (PostgreSQL or embedded PGlite). */
export async function startApi() {
  const database = await createTestDatabase();
  await syncTenants(database.db, tenants().all);
  const app = await buildApp({ tenants: tenants(), pingDatabase: database.ping });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    database,
    baseUrl,
    request: (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, init),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type RunningApi = Awaited<ReturnType<typeof startApi>>;
