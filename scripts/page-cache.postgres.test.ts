import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { COOKIE_NAMES } from '@shop/storefront/cookie-names';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ports = { PORT: 3530, API_PORT: 4530, SANDBOX_PORT: 4630, SANDBOX_SMTP_PORT: 2655 };
/** A second storefront process beside the one `npm start` runs, as on a second machine. */
const SECOND_STOREFRONT_PORT = 3531;
const BRAND_PAGE = '/shop/mobile/funkfix';
const storefronts = [ports.PORT, SECOND_STOREFRONT_PORT];

let database: (DatabaseHandle & { url: string | undefined }) | undefined;
const processes: ChildProcess[] = [];

/** Starts a process group and answers once its output says `ready`. */
function started(command: string, args: string[], cwd: string, env: Record<string, string>, ready: string) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  processes.push(child);
  return new Promise<void>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const env = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)]));
  await started('npm', ['start'], root, { ...env, DATABASE_URL: database.url ?? '' }, 'The shop is ready');
  await started(
    process.execPath,
    ['--import', 'tsx', 'server.ts'],
    `${root}/apps/storefront`,
    { PORT: String(SECOND_STOREFRONT_PORT), API_URL: `http://127.0.0.1:${ports.API_PORT}` },
    'The storefront listens',
  );
  // Each storefront keeps pages once it hears the API's catalogue changes.
  for (const port of storefronts) {
    const deadline = Date.now() + 10_000;
    while ((await page(port)).cache === null) {
      if (Date.now() > deadline) throw new Error(`the storefront on port ${port} keeps no pages`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}, 240_000);

afterAll(async () => {
  for (const child of processes) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
  await Promise.all(
    processes.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
    ),
  );
  await database?.close();
});

interface Answer {
  status: number;
  cache: string | null;
  policy: string;
  body: string;
}

/** A page as a browser asks for it by the tenant's host name (which fetch cannot set). */
function page(port: number, path = BRAND_PAGE, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path, headers: { host: `ladeplatz.localhost:${port}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: (response.headers['x-page-cache'] as string | undefined) ?? null,
            policy: (response.headers['content-security-policy'] as string | undefined) ?? '',
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The page as answered once the storefront has had it kept: the second answer of two. */
async function keptPage(port: number): Promise<Answer> {
  await page(port);
  const answer = await page(port);
  expect(answer.cache).toBe('hit');
  return answer;
}

function changeProduct(statement: ReturnType<typeof sql>) {
  return database?.db.execute(statement);
}

describe('the page cache', () => {
  it('answers a kept page with a nonce and a form key of its own each time', async () => {
    const first = await keptPage(ports.PORT);
    const second = await page(ports.PORT);
    const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(answer.policy)?.[1] ?? '';
    const formKeyOf = (answer: Answer) =>
      /name="idempotencyKey" value="([^"]+)"/.exec(answer.body)?.[1] ?? '';
    for (const answer of [first, second]) {
      expect(nonceOf(answer)).not.toBe('');
      expect(formKeyOf(answer)).toMatch(/^[0-9a-f-]{36}$/);
      const scriptNonces = [...answer.body.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([nonceOf(answer)]));
    }
    // Two shoppers never share a nonce, nor the key that makes a double post add to one cart once.
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(formKeyOf(first)).not.toBe(formKeyOf(second));
    const withoutOwnValues = (answer: Answer) =>
      answer.body.replaceAll(nonceOf(answer), '').replaceAll(formKeyOf(answer), '');
    expect(withoutOwnValues(second)).toBe(withoutOwnValues(first));
  });

  it('renders a page for a signed-in shopper, a cart or a framework navigation on its own', async () => {
    await keptPage(ports.PORT);
    const ownHeaders: Record<string, string>[] = [
      { cookie: `${COOKIE_NAMES.accessToken}=not-a-real-token` },
      { cookie: `${COOKIE_NAMES.cartName}=some-cart` },
      { rsc: '1' },
    ];
    for (const headers of ownHeaders) {
      expect((await page(ports.PORT, BRAND_PAGE, headers)).cache).toBeNull();
    }
    // The keyed cookies make pages of their own: a language choice is not answered by the German page.
    const english = await page(ports.PORT, BRAND_PAGE, { cookie: `${COOKIE_NAMES.locale}=en` });
    expect(english.cache).toBe('miss');
    expect(english.body).toContain('lang="en"');
  });

  it('shows a price change and a stock state change on every storefront process once the database has told of them', async () => {
    for (const port of storefronts) {
      const before = await keptPage(port);
      expect(before.body).toMatch(/>10\s€</);
      expect(before.body).not.toMatch(/12,34\s€/);
      expect(before.body).not.toContain('data-status="OUT_OF_STOCK"');
    }
    await changeProduct(
      sql`update products set amount = 1234 where tenant_id = 'ladeplatz' and product_id = 'funkfix-topup-1000'`,
    );
    for (const port of storefronts) {
      await expect.poll(async () => (await page(port)).body, { timeout: 5_000 }).toMatch(/12,34\s€/);
    }
    await changeProduct(
      sql`update products set status = 'OUT_OF_STOCK' where tenant_id = 'ladeplatz' and product_id = 'funkfix-topup-500'`,
    );
    for (const port of storefronts) {
      await expect
        .poll(async () => (await page(port)).body, { timeout: 5_000 })
        .toContain('data-status="OUT_OF_STOCK"');
      // And kept again once the change has settled: it did not turn the cache off.
      await expect.poll(async () => (await page(port)).cache, { timeout: 5_000 }).toBe('hit');
      expect((await page(port)).body).toContain('data-status="OUT_OF_STOCK"');
    }
  });
});
