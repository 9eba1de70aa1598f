import type { Product, ProductListing } from '@shop/domain/contract';
import { createTenantRegistry, type TenantConfig, tenantSources } from '@shop/tenants';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL } from '../src/catalogue/cache';
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

/**
 * Runs `statement` as an operator's tool would (its own connection, not through the API) and
 * waits until the database has told listeners of the change: the moment it counts as made.
 */
async function changeCatalogue(statement: ReturnType<typeof sql>): Promise<void> {
  let heard: () => void = () => {};
  const told = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await api.database.listen(
    CATALOGUE_CHANNEL,
    () => heard(),
    () => {},
  );
  try {
    await api.database.db.execute(statement);
    await told;
  } finally {
    await stop();
  }
}

const FIXED = 'funkfix-topup-1500';

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
      sql`update products set status = 'ACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(productIn(await listing(api.request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
  });

  it('shows a price change on the next request, on this process and on another', async () => {
    const other = await api.another();
    const price = productIn(await listing(api.request, 'ladeplatz'), FIXED)?.amount;
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.amount).toBe(price);
    await changeCatalogue(
      sql`update products set amount = amount + 500 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(productIn(await listing(api.request, 'ladeplatz'), FIXED)?.amount).toBe((price ?? 0) + 500);
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.amount).toBe((price ?? 0) + 500);
    // The search by amount and the brand list are kept apart and forgotten alike.
    const byAmount = await listing(api.request, 'ladeplatz', `filters=amount%3D${(price ?? 0) + 500}`);
    expect(productIn(byAmount, FIXED)).toBeDefined();
    await changeCatalogue(
      sql`update products set amount = amount - 500 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(
      productIn(await listing(api.request, 'ladeplatz', `filters=amount%3D${(price ?? 0) + 500}`), FIXED),
    ).toBeUndefined();
  });

  it('shows a stock state change on the next request, on this process and on another', async () => {
    const other = await api.another();
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
    }
    await changeCatalogue(
      sql`update products set status = 'OUT_OF_STOCK' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)?.status).toBe('OUT_OF_STOCK');
    }
    await changeCatalogue(
      sql`update products set status = 'INACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    for (const request of [api.request, other.request]) {
      expect(productIn(await listing(request, 'ladeplatz'), FIXED)).toBeUndefined();
    }
    await changeCatalogue(
      sql`update products set status = 'ACTIVE' where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(productIn(await listing(other.request, 'ladeplatz'), FIXED)?.status).toBe('ACTIVE');
  });

  it('puts the changed price and stock state into the next cart, on this process and on another', async () => {
    const other = await api.another();
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
      sql`update products set amount = amount + 500 where tenant_id = 'funkfix' and product_id = ${FIXED}`,
    );
    for (const request of [api.request, other.request]) {
      expect((await add(request)).body.summary.netAmount).toBe(netBefore + 500);
    }
    await changeCatalogue(
      sql`update products set amount = amount - 500, status = 'INACTIVE' where tenant_id = 'funkfix' and product_id = ${FIXED}`,
    );
    for (const request of [api.request, other.request]) {
      const refused = await add(request);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    }
    await changeCatalogue(
      sql`update products set status = 'ACTIVE' where tenant_id = 'funkfix' and product_id = ${FIXED}`,
    );
    expect((await add(other.request)).body.summary.netAmount).toBe(netBefore);
  });

  it("forgets only the changed tenant's answers", async () => {
    const other = await api.another();
    const kartenkiosk = await listing(other.request, 'kartenkiosk');
    await changeCatalogue(
      sql`update products set amount = amount + 1 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
    expect(await listing(other.request, 'kartenkiosk')).toEqual(kartenkiosk);
    await changeCatalogue(
      sql`update products set amount = amount - 1 where tenant_id = 'ladeplatz' and product_id = ${FIXED}`,
    );
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
