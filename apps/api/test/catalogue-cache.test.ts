import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CATALOGUE_CHANGES_PATH,
  type CatalogueChangeEvent,
  type Product,
  type ProductListing,
} from '@shop/domain/contract';
import { createTenantRegistry, type TenantConfig, tenantSources } from '@shop/tenants';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CatalogueCache, type CatalogueEvent, openCatalogueCache } from '../src/catalogue/cache';
import { catalogueChangeRoutes } from '../src/routes/catalogue-changes';
import { apiForFile } from './api-for-file';

const api = apiForFile();

type Requester = (path: string, init?: RequestInit) => Promise<Response>;

async function listing(request: Requester, tenant: string, query = 'size=100'): Promise<ProductListing> {
  const response = await request(`/api/shop/rest/v1/products?${query}`, {
    headers: { 'X-Tenant-Id': tenant },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ProductListing;
}

const productIn = (answer: ProductListing, productId: string): Product | undefined =>
  answer.items.find((product) => product.productId === productId);

const FIXED = 'funkfix-topup-1500';

/** Ladeplatz's price of the fixed top-up up or down by `cents`: a change of its catalogue. */
const priceStep = (cents: number) =>
  sql`update products set amount = amount + ${cents} where tenant_id = 'ladeplatz' and product_id = ${FIXED}`;

interface ServerSentEvent {
  event: CatalogueChangeEvent;
  data: string;
}

/**
 * `GET /internal/catalogue-changes` of the API at `baseUrl`, read event by event (heartbeats
 * skipped), over a connection of its own.
 */
async function catalogueChanges(baseUrl: string) {
  const request = get(`${baseUrl}${CATALOGUE_CHANGES_PATH}`, { agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', resolve).on('error', reject);
  });
  // Going away on purpose breaks the answer off: not a failure of the test.
  response.on('error', () => {});
  response.setEncoding('utf8');
  const chunks: AsyncIterator<string> = response[Symbol.asyncIterator]();
  let received = '';
  /** The next event, or undefined once the stream has ended. */
  const next = async (): Promise<ServerSentEvent | undefined> => {
    for (;;) {
      const end = received.indexOf('\n\n');
      if (end >= 0) {
        const lines = received.slice(0, end).split('\n');
        received = received.slice(end + 2);
        if (lines.every((line) => line.startsWith(':'))) continue;
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event') as CatalogueChangeEvent, data: field('data') };
      }
      const chunk = await chunks.next();
      if (chunk.done) return undefined;
      received += chunk.value;
    }
  };
  return {
    response,
    next,
    /** Reads until `event` with one of `data` comes; throws if the stream ends first. */
    until: async (event: CatalogueChangeEvent, ...data: string[]) => {
      for (let got = await next(); got; got = await next()) {
        if (got.event === event && data.includes(got.data)) return;
      }
      throw new Error(`the stream ended before ${event} ${data.join(' or ')}`);
    },
    /** The caller goes away. */
    close: () => request.destroy(),
  };
}

/**
 * Runs `statement`, a change of `tenantId`'s products, as an operator's tool would (its own
 * connection, not through the API) and waits until each API process at `processes` (the base
 * URLs of those the test asks next) has forgotten that tenant's answers, as its own catalogue
 * changes stream tells: the moment the change counts as made for them. Each stream is open, and
 * its process listening, before the statement runs.
 */
async function changeCatalogue(
  tenantId: string,
  statement: ReturnType<typeof sql>,
  processes: readonly string[] = [api.baseUrl],
): Promise<void> {
  const streams: Awaited<ReturnType<typeof catalogueChanges>>[] = [];
  try {
    for (const baseUrl of processes) streams.push(await catalogueChanges(baseUrl));
    await Promise.all(streams.map((changes) => changes.until('listening', 'true')));
    await api.database.db.execute(statement);
    await Promise.all(streams.map((changes) => changes.until('changed', tenantId, '*')));
  } finally {
    for (const changes of streams) changes.close();
  }
}

/** `cache` counting who watches it. */
function countingWatchers(cache: CatalogueCache) {
  let watching = 0;
  const counted: CatalogueCache = {
    ...cache,
    watch: (listener) => {
      watching += 1;
      const stop = cache.watch(listener);
      return () => {
        watching -= 1;
        stop();
      };
    },
  };
  return { cache: counted, watching: () => watching };
}

/** Resolves once `condition` holds. */
async function eventually(condition: () => boolean): Promise<void> {
  while (!condition()) await delay(10);
}

describe('the catalogue changes stream', () => {
  it('tells whether the cache hears the database, then each tenant it forgets, as it forgets it', async () => {
    const changes = await catalogueChanges(api.baseUrl);
    try {
      expect(changes.response.statusCode).toBe(200);
      expect(changes.response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(changes.response.headers['cache-control']).toBe('no-store');
      expect(await changes.next()).toEqual({ event: 'listening', data: 'true' });
      for (const step of [+1, -1]) {
        await changeCatalogue('ladeplatz', priceStep(step));
        await changes.until('changed', 'ladeplatz');
      }
    } finally {
      changes.close();
    }
  });

  it('forgets a caller that went away, and ends every stream when the API closes', async () => {
    const opened = await openCatalogueCache(api.database.listen);
    const { cache, watching } = countingWatchers(opened);
    const app = Fastify();
    await app.register(catalogueChangeRoutes, { catalogue: cache });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const leaving = await catalogueChanges(baseUrl);
      const staying = await catalogueChanges(baseUrl);
      expect(await leaving.next()).toEqual({ event: 'listening', data: 'true' });
      expect(await staying.next()).toEqual({ event: 'listening', data: 'true' });
      expect(watching()).toBe(2);
      leaving.close();
      await eventually(() => watching() === 1);
      for (const step of [+1, -1]) {
        await changeCatalogue('ladeplatz', priceStep(step));
        await staying.until('changed', 'ladeplatz');
      }
      // The open stream ends with the API instead of holding its closing up.
      const closing = app.close().then(() => 'closed');
      expect(await Promise.race([closing, delay(2_000, 'still open', { ref: false })])).toBe('closed');
      expect(await staying.next()).toBeUndefined();
      expect(watching()).toBe(0);
    } finally {
      await app.close();
      await opened.close();
    }
  });

  it('tells of a gap in hearing the database: not listening, everything forgotten, and again once it hears', async () => {
    let notify: (payload: string) => void = () => {};
    let gap: (listening: boolean) => void = () => {};
    const cache = await openCatalogueCache(async (_channel, onNotification, onGap) => {
      notify = onNotification;
      gap = onGap;
      onGap(true);
      return async () => {};
    });
    const events: CatalogueEvent[] = [];
    const stop = cache.watch((event) => events.push(event));
    notify('ladeplatz');
    gap(false);
    gap(true);
    stop();
    notify('funkfix');
    expect(events).toEqual([
      { listening: true },
      { changed: 'ladeplatz' },
      { listening: false },
      { changed: '*' },
      { listening: true },
      { changed: '*' },
    ]);
    const closing: CatalogueEvent[] = [];
    cache.watch((event) => closing.push(event));
    await cache.close();
    expect(closing).toEqual([{ listening: true }, { listening: false }]);
  });
});

describe('the catalogue cache', () => {
  it('answers a repeated search from the cache: a change the database does not announce stays unseen', async () => {
    const before = productIn(await listing(api.request, 'ladeplatz'), FIXED);
    expect(before?.status).toBe('ACTIVE');
    // Triggers off for this transaction only: the change reaches no listener.
    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update products set status = 'COMING_SOON' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      );
    });
    expect(productIn(await listing(api.request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
    await changeCatalogue(
      'ladeplatz',
      sql`update products set status = 'ACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(productIn(await listing(api.request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
  });

  it('shows a price change on the next request, on this process and on another', async () => {
    const other = await api.another();
    // A change counts as made once both processes have forgotten the tenant's answers.
    const both = [api.baseUrl, other.baseUrl];
    const price = productIn(await listing(api.request, 'ladeplatz'), FIXED)?.amount;
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.amount).toBe(price);
    await changeCatalogue(
      'ladeplatz',
      sql`update products set amount = amount + 500 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      both,
    );
    expect(productIn(await listing(api.request, 'ladeplatz'), FIXED)?.amount).toBe((price ?? 0) + 500);
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.amount).toBe((price ?? 0) + 500);
    // The search by amount and the brand list are kept apart and forgotten alike.
    const byAmount = await listing(api.request, 'ladeplatz', `filters=amount%3D${(price ?? 0) + 500}`);
    expect(productIn(byAmount, FIXED)).toBeDefined();
    await changeCatalogue(
      'ladeplatz',
      sql`update products set amount = amount - 500 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      both,
    );
    expect(
      productIn(await listing(api.request, 'ladeplatz', `filters=amount%3D${(price ?? 0) + 500}`), FIXED),
    ).toBeUndefined();
  });

  it('shows a stock state change on the next request, on this process and on another', async () => {
    const other = await api.another();
    // A change counts as made once both processes have forgotten the tenant's answers.
    const both = [api.baseUrl, other.baseUrl];
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
    }
    await changeCatalogue(
      'ladeplatz',
      sql`update products set status = 'OUT_OF_STOCK' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      both,
    );
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)?.status).toBe('OUT_OF_STOCK');
    }
    await changeCatalogue(
      'ladeplatz',
      sql`update products set status = 'INACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      both,
    );
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)).toBeUndefined();
    }
    await changeCatalogue(
      'ladeplatz',
      sql`update products set status = 'ACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
      both,
    );
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
  });

  it('puts the changed price and stock state into the next cart, on this process and on another', async () => {
    const other = await api.another();
    // A change counts as made once both processes have forgotten the tenant's answers.
    const both = [api.baseUrl, other.baseUrl];
    const add = async (request: Requester) => {
      const response = await request('/api/shop/rest/v2/addToCart', {
        method: 'POST',
        headers: { 'X-Tenant-Id': 'funkfix', 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: FIXED, phoneNumber: '+4917012345678' }] }),
      });
      return { status: response.status, body: (await response.json()) as { summary: { netAmount: number } } };
    };
    const first = await add(api.request);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const netBefore = first.body.summary.netAmount;
    expect((await add(other.request)).body.summary.netAmount).toBe(netBefore);
    await changeCatalogue(
      'funkfix',
      sql`update products set amount = amount + 500 where tenant_id = 'funkfix' and product_id = ${FIXED}`,
      both,
    );
    for (const request of [api.request, other.request]) {
      expect((await add(request)).body.summary.netAmount).toBe(netBefore + 500);
    }
    await changeCatalogue(
      'funkfix',
      sql`update products set amount = amount - 500, status = 'INACTIVE' where tenant_id = 'funkfix' and product_id = ${FIXED}`,
      both,
    );
    for (const request of [api.request, other.request]) {
      const refused = await add(request);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    }
    await changeCatalogue(
      'funkfix',
      sql`update products set status = 'ACTIVE' where tenant_id = 'funkfix' and product_id = ${FIXED}`,
      both,
    );
    expect((await add(other.request)).body.summary.netAmount).toBe(netBefore);
  });

  it("forgets only the changed tenant's answers", async () => {
    const other = await api.another();
    // A change counts as made once both processes have forgotten the tenant's answers.
    const both = [api.baseUrl, other.baseUrl];
    const kartenkiosk = await listing(other.request, 'kartenkiosk');
    await changeCatalogue('ladeplatz', priceStep(+1), both);
    expect(await listing(other.request, 'kartenkiosk')).toEqual(kartenkiosk);
    await changeCatalogue('ladeplatz', priceStep(-1), both);
  });

  it('shows a tenant config change on the next request, on each process that took the new config', async () => {
    // A tenant's config as a deployment changes it: every process reads the new file.
    const registry = createTenantRegistry(tenantSources);
    const configs = new Map<string, TenantConfig>();
    const changeable = {
      ...registry,
      byId: (shopId: string) => configs.get(shopId) ?? registry.byId(shopId),
    };
    const processes = [
      await api.another(undefined, { tenants: changeable }),
      await api.another(undefined, { tenants: changeable }),
    ];
    for (const { request } of processes) {
      expect((await listing(request, 'ladeplatz')).items.length).toBeGreaterThan(0);
    }
    const ladeplatz = registry.byId('ladeplatz') as TenantConfig;
    // The mobile-app flow sells only in the session's currency: none of ladeplatz's products is in pounds.
    configs.set('ladeplatz', {
      ...ladeplatz,
      currency: 'GBP',
      flags: { ...ladeplatz.flags, hasMobileAppFlow: true },
    });
    for (const { request } of processes) {
      expect((await listing(request, 'ladeplatz')).items).toEqual([]);
    }
    configs.delete('ladeplatz');
    for (const { request } of processes) {
      expect((await listing(request, 'ladeplatz')).items.length).toBeGreaterThan(0);
    }
  });
});
