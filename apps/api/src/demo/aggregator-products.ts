import type { schema } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import type { NewProduct } from './catalogue';

type NewAggregatorProduct = typeof schema.aggregatorProducts.$inferInsert;

/** DT One's operator of each demo brand, as the sandbox's stand-in numbers them (docs/sandbox.md). */
const DTONE_OPERATORS: Readonly<Record<string, number>> = {
  funkfix: 4101,
  blitzmobil: 4102,
  tarifwerk: 4103,
  alpenfunk: 4201,
  rechargeplus: 4501,
  topnet: 4601,
  callhome: 4602,
};

/** The stand-in's fixed values of every operator, in minor units: products operator × 100 + 1 … 7. */
const FIXED_VALUES = [500, 1000, 1500, 2000, 2500, 3000, 5000];
/** The stand-in's ranged product of every operator (5 to 100): operator × 100 + 8. */
const RANGED = 8;

/**
 * The mapping table of a demo tenant on DT One (decision 0070): each of its top-ups sold as the
 * stand-in's product of the same value, the ranged ones (any amount, automatic) as its ranged one.
 */
export function demoAggregatorProducts(
  tenant: TenantConfig,
  catalogue: readonly NewProduct[],
): NewAggregatorProduct[] {
  if (tenant.operatorProvider.name !== 'dtone') return [];
  return catalogue.flatMap((product) => {
    const operator = DTONE_OPERATORS[product.brandId];
    if (!operator || (product.kind !== 'ONCE_OFF' && product.kind !== 'AUTOMATIC')) return [];
    const fixed = product.amount ? FIXED_VALUES.indexOf(product.amount) + 1 : 0;
    if (product.amount && fixed === 0) return [];
    return [
      {
        tenantId: tenant.shopId,
        productId: product.productId,
        provider: 'dtone' as const,
        providerProductId: String(operator * 100 + (product.amount ? fixed : RANGED)),
        providerOperatorId: String(operator),
        ranged: !product.amount,
      },
    ];
  });
}
