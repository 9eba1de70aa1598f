import { type Database, schema } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import { demoCatalogue } from './catalogue';

const CATALOGUE_SEED = 'demo-catalogue-v1';

/**
 * Loads each tenant's demo catalogue once: the seed-run marker and the products are written in
 * one transaction, so a crash leaves neither and a restart adds nothing twice.
 */
export async function seedDemoData(db: Database, tenants: readonly TenantConfig[]): Promise<number> {
  let seeded = 0;
  for (const tenant of tenants) {
    await db.transaction(async (tx) => {
      const marked = await tx
        .insert(schema.seedRuns)
        .values({ name: CATALOGUE_SEED, tenantId: tenant.shopId })
        .onConflictDoNothing()
        .returning();
      if (marked.length === 0) return;
      await tx.insert(schema.products).values(demoCatalogue(tenant, tenants)).onConflictDoNothing();
      seeded += 1;
    });
  }
  return seeded;
}
