import { type Database, schema } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { DtoneCatalogue } from '../adapters/dtone/operator';

const { aggregatorProducts, products } = schema;

/** The tenant's mapping table as DT One's adapter reads it (decision 0070). */
export function dtoneCatalogueOf(db: Database, tenantId: string): DtoneCatalogue {
  const ofTenant = and(eq(aggregatorProducts.tenantId, tenantId), eq(aggregatorProducts.provider, 'dtone'));
  return {
    async productOf(productId) {
      const [row] = await db
        .select({ id: aggregatorProducts.providerProductId, ranged: aggregatorProducts.ranged })
        .from(aggregatorProducts)
        .where(and(ofTenant, eq(aggregatorProducts.productId, productId)));
      return row ? { dtoneProductId: Number(row.id), ranged: row.ranged } : undefined;
    },
    async brandOf(operatorId) {
      const [row] = await db
        .select({ brandId: products.brandId, brandName: products.brandName })
        .from(aggregatorProducts)
        .innerJoin(
          products,
          and(
            eq(products.tenantId, aggregatorProducts.tenantId),
            eq(products.productId, aggregatorProducts.productId),
          ),
        )
        .where(and(ofTenant, eq(aggregatorProducts.providerOperatorId, String(operatorId))))
        .limit(1);
      return row;
    },
  };
}
