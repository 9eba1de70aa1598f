import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One row per configured tenant, kept in step with the tenant config files at every start. */
export const tenants = pgTable('tenants', {
  shopId: text('shop_id').primaryKey(),
  providerName: text('provider_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Demo data sets already loaded per tenant, so that a restart never loads one twice. */
export const seedRuns = pgTable(
  'seed_runs',
  {
    name: text('name').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.tenantId] })],
);

export const productKind = pgEnum('product_kind', ['ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER']);
export const productStatus = pgEnum('product_status', ['ACTIVE', 'INACTIVE', 'OUT_OF_STOCK', 'COMING_SOON']);
export const productVariant = pgEnum('product_variant', ['NORMAL', 'LIGHT']);

/**
 * A tenant's product: a fixed face value (`amount`) or a range the shopper picks from
 * (`min_amount`..`max_amount` in steps of `step`), all in minor units of `currency`.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.shopId),
    productId: text('product_id').notNull(),
    kind: productKind('kind').notNull(),
    variant: productVariant('variant').notNull().default('NORMAL'),
    status: productStatus('status').notNull().default('ACTIVE'),
    brandId: text('brand_id').notNull(),
    brandName: text('brand_name').notNull(),
    categoryId: text('category_id').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount'),
    minAmount: integer('min_amount'),
    maxAmount: integer('max_amount'),
    step: integer('step'),
    channels: text('channels').array().notNull().default(sql`'{web}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_tenant_product_id').on(table.tenantId, table.productId),
    index('products_tenant_listing').on(table.tenantId, table.brandId, table.sortOrder),
    index('products_tenant_category').on(table.tenantId, table.categoryId),
    check(
      'products_fixed_or_range',
      sql`(${table.amount} is not null and ${table.minAmount} is null and ${table.maxAmount} is null and ${table.step} is null)
        or (${table.amount} is null and ${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount} and ${table.step} > 0)`,
    ),
    check('products_amount_positive', sql`${table.amount} is null or ${table.amount} > 0`),
  ],
);
