import { type Database, schema, type Transaction } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import { inArray } from 'drizzle-orm';
import { createPinCipher, type PinCipher } from '../vouchers/pin-crypto';
import { loadDemoAccounts } from './accounts';
import { demoAggregatorProducts } from './aggregator-products';
import { demoBlogPosts } from './blog/posts';
import { demoCatalogue } from './catalogue';
import { demoPromoCodes } from './promos';
import { loadDemoSavedMethods } from './saved-methods';
import { loadDemoStaff } from './staff';
import { loadDemoVoucherStock } from './voucher-stock';

export interface SeedOptions {
  /** Encrypts demo voucher PINs; by default one over `VOUCHER_PIN_KEY`, as the API reads them. */
  pinCipher?: PinCipher;
}

interface SeedContext {
  all: readonly TenantConfig[];
  pinCipher: PinCipher;
}

/** Demo data sets by name; a new set gets a new name, so existing databases receive it too. */
const DEMO_SEEDS: {
  name: string;
  load(tx: Transaction, tenant: TenantConfig, context: SeedContext): Promise<void>;
}[] = [
  {
    name: 'demo-catalogue-v1',
    load: async (tx, tenant, { all }) => {
      await tx.insert(schema.products).values(demoCatalogue(tenant, all)).onConflictDoNothing();
    },
  },
  {
    name: 'demo-promo-codes-v1',
    load: async (tx, tenant) => {
      const promos = demoPromoCodes(tenant);
      if (promos.length > 0) await tx.insert(schema.promoCodes).values(promos).onConflictDoNothing();
    },
  },
  {
    name: 'demo-voucher-stock-v1',
    load: (tx, tenant, { pinCipher }) => loadDemoVoucherStock(tx, tenant, pinCipher),
  },
  {
    name: 'demo-accounts-v1',
    load: (tx, tenant) => loadDemoAccounts(tx, tenant),
  },
  {
    // Databases made before the multi-brand shops sold automatic top-ups receive theirs.
    name: 'demo-automatic-products-v1',
    load: async (tx, tenant, { all }) => {
      const automatic = demoCatalogue(tenant, all).filter((product) => product.kind === 'AUTOMATIC');
      if (automatic.length > 0) await tx.insert(schema.products).values(automatic).onConflictDoNothing();
    },
  },
  {
    // Databases made before callhome's app sold its own calling cards receive them.
    name: 'demo-app-cards-v1',
    load: async (tx, tenant, { all }) => {
      const appOnly = demoCatalogue(tenant, all).filter(
        (product) => product.channels?.length === 1 && product.channels[0] === 'app',
      );
      if (appOnly.length > 0) await tx.insert(schema.products).values(appOnly).onConflictDoNothing();
    },
  },
  {
    name: 'demo-saved-methods-v1',
    load: (tx, tenant) => loadDemoSavedMethods(tx, tenant),
  },
  {
    // The staff are the platform's, not a tenant's: loaded with the first tenant, once.
    name: 'demo-staff-v1',
    load: async (tx, tenant, { all, pinCipher }) => {
      if (tenant.shopId === all[0]?.shopId) await loadDemoStaff(tx, all, pinCipher);
    },
  },
  {
    name: 'demo-aggregator-products-v1',
    load: async (tx, tenant, { all }) => {
      const mapped = demoAggregatorProducts(tenant, demoCatalogue(tenant, all));
      if (mapped.length > 0) await tx.insert(schema.aggregatorProducts).values(mapped).onConflictDoNothing();
    },
  },
  {
    name: 'demo-blog-posts-v1',
    load: async (tx, tenant) => {
      const posts = demoBlogPosts(tenant);
      if (posts.length > 0) await tx.insert(schema.blogPosts).values(posts).onConflictDoNothing();
    },
  },
];

/**
 * Loads each demo data set once per tenant: the seed-run marker and the data are written in one
 * transaction, so a crash leaves neither and a restart adds nothing twice. Answers how many
 * (set, tenant) pairs were loaded.
 */
export async function seedDemoData(
  db: Database,
  tenants: readonly TenantConfig[],
  options: SeedOptions = {},
): Promise<number> {
  const context: SeedContext = {
    all: tenants,
    pinCipher: options.pinCipher ?? createPinCipher(process.env.VOUCHER_PIN_KEY),
  };
  let loaded = 0;
  for (const seed of DEMO_SEEDS) {
    for (const tenant of tenants) {
      await db.transaction(async (tx) => {
        const marked = await tx
          .insert(schema.seedRuns)
          .values({ name: seed.name, tenantId: tenant.shopId })
          .onConflictDoNothing()
          .returning();
        if (marked.length === 0) return;
        await seed.load(tx, tenant, context);
        loaded += 1;
      });
    }
  }
  return loaded;
}

/** Whether any demo data set was ever loaded into `db` (its seed-run markers stay with the data). */
export async function holdsDemoData(db: Database): Promise<boolean> {
  const runs = await db
    .select({ name: schema.seedRuns.name })
    .from(schema.seedRuns)
    .where(
      inArray(
        schema.seedRuns.name,
        DEMO_SEEDS.map((seed) => seed.name),
      ),
    )
    .limit(1);
  return runs.length > 0;
}

export const DEMO_DATA_REFUSAL =
  'This database holds the demo data (accounts with a public password, saved cards, stock). ' +
  'Start on a database of its own, or set DEMO_DEPLOYMENT=true if this deployment is a demo.';
