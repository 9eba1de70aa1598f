import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../harness';
import { waitFor } from '../processes';

/**
 * The soak's own database server, cache and load balancer: a fault it injects (a PostgreSQL
 * restart, Redis stopped) touches nothing but the soak.
 */

const run = promisify(execFile);

/** The directory of PostgreSQL's server programs (`initdb`, `pg_ctl`), newest version first. */
function postgresPrograms(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find(existsSync);
  if (!found) throw new Error('The soak needs PostgreSQL’s server programs (/usr/lib/postgresql/*/bin)');
  return found;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asServerUser = (program: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);

export interface PrivatePostgres {
  url: string;
  /** Stops the server (every connection cut, as in a crash's restart) and starts it again. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A PostgreSQL server of its own in a temporary directory, on a free port of 127.0.0.1. */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const programs = postgresPrograms();
  const dir = mkdtempSync(join(tmpdir(), 'shop-soak-pg-'));
  if (process.getuid?.() === 0)
    chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  const data = join(dir, 'data');
  const port = await freePort();
  await asServerUser(`${programs}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  const pgCtl = (...args: string[]) =>
    asServerUser(`${programs}/pg_ctl`, ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  await pgCtl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await pgCtl('-m', 'immediate', 'stop');
      await pgCtl('-o', options, 'start');
    },
    close: async () => {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Stops the server for `ms`, then starts it again, empty (it keeps nothing on disk). */
  outage(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A Redis server of its own, keeping nothing on disk. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(`Redis on port ${port}`, () => connects(port), 10_000);
  };
  const stop = async () => {
    const stopping = server;
    if (!stopping || stopping.exitCode !== null) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    outage: async (ms) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await start();
    },
    close: stop,
  };
}

const connects = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(undefined));
  });

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP load balancer in front of the API processes, as a deployment has one: each connection goes
 * to the next upstream that accepts it, so a process that is down costs a retry, not an answer.
 */
export async function loadBalancer(upstreams: readonly number[]): Promise<LoadBalancer> {
  let next = 0;
  const open = new Set<Socket>();
  const connectUpstream = (tried: number): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const port = upstreams[next++ % upstreams.length] as number;
      const upstream = createConnection({ port, host: '127.0.0.1' });
      upstream.once('connect', () => resolve(upstream));
      upstream.once('error', (error) => {
        if (tried + 1 >= upstreams.length) reject(error);
        else connectUpstream(tried + 1).then(resolve, reject);
      });
    });
  const server = createServer((client) => {
    open.add(client);
    client.pause();
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    connectUpstream(0).then(
      (upstream) => {
        open.add(upstream);
        upstream.once('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => upstream.destroy());
        client.once('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      },
      () => client.destroy(),
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
