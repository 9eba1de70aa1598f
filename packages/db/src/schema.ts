import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per configured tenant, kept in step with the tenant config files at every start. */
export const tenants = pgTable('tenants', {
  shopId: text('shop_id').primaryKey(),
  providerName: text('provider_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
