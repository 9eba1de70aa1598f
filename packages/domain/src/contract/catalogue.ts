import * as z from 'zod';
import { PRODUCT_KINDS, PRODUCT_STATUSES, PRODUCT_VARIANTS, type PriceRange } from '../catalogue';
import { PRODUCT_PAGE_SIZE } from '../filters';
import './jitless';

// ---------------------------------------------------------------------------------------------
// GET /api/shop/rest/v1/products
// ---------------------------------------------------------------------------------------------

/** The most products one search page answers. */
export const MAX_PRODUCT_PAGE_SIZE = 100;

/** What each key of `filters` accepts once decoded (spec §5); any other key is refused. */
export const productFiltersSchema = z.strictObject({
  objectType: z.enum(['variant', 'product']),
  brand: z.string().max(64).optional(),
  category: z.string().max(64).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  status: z.enum(PRODUCT_STATUSES.filter((status) => status !== 'INACTIVE') as ['ACTIVE']).optional(),
  variant: z.enum(PRODUCT_VARIANTS).optional(),
  query: z.string().max(100).optional(),
  amount: z.coerce.number<string | number>().int().positive().max(10_000_000).optional(),
  /** `valid` when the page was opened with both msisdn and amount (spec §5 top-up data). */
  topupData: z.literal('valid').optional(),
});
/** The filters a search may name; `encodeFilters` writes them into the `filters` parameter. */
export type ProductFilters = Partial<z.input<typeof productFiltersSchema>>;

export const SORT_FIELDS = ['amount', 'brand', 'category', 'productId', 'kind'] as const;

/** `sortBy`: a field, optionally `,asc` or `,desc`. */
export const productSortSchema = z
  .string()
  .regex(
    new RegExp(`^(${SORT_FIELDS.join('|')})(,(asc|desc))?$`),
    `one of ${SORT_FIELDS.join(', ')}, optionally ",asc" or ",desc"`,
  )
  .transform((value) => {
    const [field, direction = 'asc'] = value.split(',') as [(typeof SORT_FIELDS)[number], 'asc' | 'desc'];
    return { field, direction };
  });
export type ProductSort = z.output<typeof productSortSchema>;

export const productSearchQuerySchema = z.object({
  filters: z.string().max(1000).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PRODUCT_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  sortBy: productSortSchema.optional(),
});

/** The amounts a product with a free amount accepts, in integer minor units. */
export const priceRangeSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  step: z.number().int(),
}) satisfies z.ZodType<PriceRange>;
export type { PriceRange };

export const productSchema = z
  .object({
    id: z.uuid(),
    productId: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    variant: z.enum(PRODUCT_VARIANTS),
    status: z.enum(PRODUCT_STATUSES),
    amount: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Fixed face value in minor units; null for a range' }),
    currency: z.string(),
    priceRange: priceRangeSchema.nullable(),
    brand: z.object({ brandId: z.string(), name: z.string() }),
    category: z.object({ categoryId: z.string() }),
    channels: z.array(z.string()),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListingSchema = z.object({
  items: z.array(productSchema),
  paginationParams: z.object({ page: z.number(), size: z.number(), totalPages: z.number() }),
  metadata: z.object({ count: z.number(), totalCount: z.number() }),
});
export type ProductListing = z.infer<typeof productListingSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/shop/rest/v1/brands
// ---------------------------------------------------------------------------------------------

export const brandsQuerySchema = z.object({ category: z.string().max(64).optional() });

export const brandSchema = z.object({
  brandId: z.string(),
  name: z.string(),
  categoryId: z.string(),
  productCount: z.number(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListSchema = z.object({ items: z.array(brandSchema) });
export type BrandList = z.infer<typeof brandListSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/shop/rest/number-lookup
// ---------------------------------------------------------------------------------------------

export const numberLookupQuerySchema = z.object({
  msisdn: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, 'an international phone number: optional +, then 6 to 15 digits'),
});

export const numberLookupSchema = z
  .discriminatedUnion('found', [
    z.object({
      msisdn: z.string(),
      found: z.literal(true),
      country: z.string().meta({ description: 'Lower-case ISO country of the calling code' }),
      brandId: z.string(),
      brandName: z.string(),
      sellsBrand: z.boolean().meta({ description: 'Whether this shop sells top-ups of the brand' }),
    }),
    z.object({ msisdn: z.string(), found: z.literal(false) }),
  ])
  .meta({ id: 'NumberLookup', description: 'The operator brand of a number, if any owns it' });
export type NumberLookup = z.infer<typeof numberLookupSchema>;
