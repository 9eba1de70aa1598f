import { type Database, schema } from '@shop/db';
import { KINDS_ON_SALE, type OfferCondition } from '@shop/domain';
import type { Brand, ProductSort, productFiltersSchema } from '@shop/domain/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

const { products } = schema;

export type ProductKind = (typeof schema.productKind.enumValues)[number];

/**
 * A search: the filters of the call (`query` is free text matched against brand name, brand,
 * category and product id; `amount` a face value in minor units, matching fixed products of that
 * amount and ranges that allow it) and the spec §5 channel rules as `offer`: only products sold on
 * one of its channels, in its currency if set.
 */
export type ProductFilter = Omit<z.output<typeof productFiltersSchema>, 'objectType' | 'topupData'> & {
  offer?: OfferCondition;
};

export interface ProductPage {
  rows: (typeof products.$inferSelect)[];
  totalCount: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(tenantId: string, filter: ProductFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    eq(products.tenantId, tenantId),
    ne(products.status, 'INACTIVE'),
    // Kinds the shop does not run yet are not offered at all (decision 0017).
    inArray(products.kind, [...KINDS_ON_SALE]),
  ];
  if (filter.brand) where.push(eq(products.brandId, filter.brand));
  if (filter.category) where.push(eq(products.categoryId, filter.category));
  if (filter.kind) where.push(eq(products.kind, filter.kind));
  if (filter.status) where.push(eq(products.status, filter.status));
  if (filter.variant) where.push(eq(products.variant, filter.variant));
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    where.push(
      or(
        ilike(products.brandName, pattern),
        ilike(products.brandId, pattern),
        ilike(products.categoryId, pattern),
        ilike(products.productId, pattern),
      ),
    );
  }
  if (filter.offer) {
    const channels = sql`array[${sql.join(
      filter.offer.anyOfChannels.map((channel) => sql`${channel}`),
      sql`, `,
    )}]::text[]`;
    where.push(filter.offer.anyOfChannels.length > 0 ? sql`${products.channels} && ${channels}` : sql`false`);
    if (filter.offer.currency !== undefined) where.push(eq(products.currency, filter.offer.currency));
  }
  if (filter.amount !== undefined) {
    const amount = filter.amount;
    where.push(
      or(
        eq(products.amount, amount),
        and(
          lte(products.minAmount, amount),
          gte(products.maxAmount, amount),
          sql`(${amount} - ${products.minAmount}) % ${products.step} = 0`,
        ),
      ),
    );
  }
  return and(...where);
}

const faceValue = sql`coalesce(${products.amount}, ${products.minAmount})`;
const SORT_COLUMNS: Record<ProductSort['field'], SQL> = {
  amount: faceValue,
  brand: sql`${products.brandName}`,
  category: sql`${products.categoryId}`,
  productId: sql`${products.productId}`,
  kind: sql`${products.kind}`,
};

/** One page of a tenant's products and the number of all that match, in one round trip. */
export async function findProducts(
  db: Database,
  tenantId: string,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: number,
  size: number,
): Promise<ProductPage> {
  const where = conditions(tenantId, filter);
  const order = sort
    ? [(sort.direction === 'asc' ? asc : desc)(SORT_COLUMNS[sort.field]), asc(products.sortOrder)]
    : [asc(products.sortOrder)];
  const found = await db
    .select({ product: products, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...order, asc(products.id))
    .limit(size)
    .offset(page * size);
  if (found.length > 0 || page === 0) {
    return { rows: found.map((row) => row.product), totalCount: found[0]?.totalCount ?? 0 };
  }
  // A page past the end: the window count came back with no row, so count on its own.
  const [total] = await db.select({ value: count() }).from(products).where(where);
  return { rows: [], totalCount: total?.value ?? 0 };
}

/** The brands a tenant sells, with their category and how many products each has. */
export async function findBrands(db: Database, tenantId: string, categoryId?: string): Promise<Brand[]> {
  return db
    .select({
      brandId: products.brandId,
      name: products.brandName,
      categoryId: products.categoryId,
      productCount: count().mapWith(Number),
    })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenantId),
        ne(products.status, 'INACTIVE'),
        categoryId ? eq(products.categoryId, categoryId) : undefined,
      ),
    )
    .groupBy(products.brandId, products.brandName, products.categoryId)
    .orderBy(sql`min(${products.sortOrder})`);
}
