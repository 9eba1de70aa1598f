import { createServer, type Server, Socket } from 'node:net';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, expect, it } from 'vitest';
import { readEnv } from '../src/env';
import { openShopDatabase } from '../src/wiring';
import { freePort } from './harness';

/**
 * A process that starts while its PostgreSQL cannot be reached (restarting, or still starting)
 * waits for it instead of ending: the soak saw a worker restarted during a database restart fall
 * over at its first connection.
 */
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** A port that reaches the real database only from `afterMs` on: until then nothing listens there. */
async function databaseComingUp(target: URL, afterMs: number): Promise<number> {
  const port = await freePort();
  setTimeout(() => {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
    });
    server.listen(port, '127.0.0.1');
    servers.push(server);
  }, afterMs);
  return port;
}

it('opens and migrates a database that comes up after the process started', async () => {
  const database = await createTestDatabase();
  const url = new URL(database.url as string);
  const port = await databaseComingUp(url, 1500);
  const late = new URL(url);
  late.hostname = '127.0.0.1';
  late.port = String(port);
  const started = Date.now();
  const opened = await openShopDatabase(readEnv({ DATABASE_URL: late.toString() }));
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  await opened.ping();
  await opened.close();
  await database.close();
}, 60_000);
