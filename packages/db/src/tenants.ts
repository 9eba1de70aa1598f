import { sql } from 'drizzle-orm';
import type { Database } from './connection';
import { tenants } from './schema';

/** Inserts new tenants and refreshes known ones; a restart leaves exactly one row per tenant. */
export async function syncTenants(
  db: Database,
  configs: readonly { shopId: string; providerName: string }[],
): Promise<void> {
  if (configs.length === 0) return;
  await db
    .insert(tenants)
    .values(configs.map(({ shopId, providerName }) => ({ shopId, providerName })))
    .onConflictDoUpdate({
      target: tenants.shopId,
      set: { providerName: sql`excluded.provider_name`, updatedAt: sql`now()` },
      setWhere: sql`${tenants.providerName} is distinct from excluded.provider_name`,
    });
}
