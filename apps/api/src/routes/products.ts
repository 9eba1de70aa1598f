import type { Database } from '@shop/db';
import {
  CHANNELS,
  type Channel,
  DEFAULT_CHANNEL,
  decodeFilters,
  ErrorCode,
  offerCondition,
  PRODUCT_KINDS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_STATUSES,
  PRODUCT_VARIANTS,
} from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findBrands, findProducts, type ProductFilter, SORT_FIELDS } from '../catalogue/products';
import { ApiError } from '../http/errors';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

const MAX_PAGE_SIZE = 100;

/** What each filter key accepts; any other key is refused. */
const filterSchema = z.strictObject({
  objectType: z.enum(['variant', 'product']),
  brand: z.string().max(64).optional(),
  category: z.string().max(64).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  status: z.enum(PRODUCT_STATUSES.filter((status) => status !== 'INACTIVE') as ['ACTIVE']).optional(),
  variant: z.enum(PRODUCT_VARIANTS).optional(),
  query: z.string().max(100).optional(),
  amount: z.coerce.number().int().positive().max(10_000_000).optional(),
  /** `valid` when the page was opened with both msisdn and amount (spec §5 top-up data). */
  topupData: z.literal('valid').optional(),
});

const sortSchema = z
  .string()
  .regex(
    new RegExp(`^(${SORT_FIELDS.join('|')})(,(asc|desc))?$`),
    `one of ${SORT_FIELDS.join(', ')}, optionally ",asc" or ",desc"`,
  )
  .transform((value) => {
    const [field, direction = 'asc'] = value.split(',') as [(typeof SORT_FIELDS)[number], 'asc' | 'desc'];
    return { field, direction };
  });

const productSchema = z
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
    priceRange: z.object({ min: z.number().int(), max: z.number().int(), step: z.number().int() }).nullable(),
    brand: z.object({ brandId: z.string(), name: z.string() }),
    category: z.object({ categoryId: z.string() }),
    channels: z.array(z.string()),
  })
  .meta({ id: 'Product' });

function validationError(field: string, message: string): ApiError {
  return new ApiError(400, ErrorCode.VALIDATION_FAILED, `${field}: ${message}`);
}

/** The session's channel (spec §7 X-Channel, default web); an unknown one offers nothing. */
function sessionChannel(header: string | string[] | undefined): Channel | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() || DEFAULT_CHANNEL;
  return CHANNELS.find((channel) => channel === value);
}

function parseFilter(
  encoded: string | undefined,
  tenant: TenantConfig,
  channel: Channel | undefined,
): ProductFilter {
  const decoded = decodeFilters(encoded);
  if (!decoded.ok) throw validationError(`filters.${decoded.field}`, decoded.message);
  const parsed = filterSchema.safeParse(decoded.filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
    throw validationError(
      `filters.${field ?? ''}`,
      issue?.code === 'unrecognized_keys' ? 'unknown filter' : (issue?.message ?? ''),
    );
  }
  const { objectType: _objectType, topupData, ...filter } = parsed.data;
  const offer = offerCondition({
    mobileAppFlow: tenant.flags.hasMobileAppFlow,
    appChannel: channel,
    chosenCurrency: tenant.currency,
    topupDataValid: topupData === 'valid',
  });
  return { ...filter, offer };
}

export const productRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/shop/rest/v1/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Search the tenant's products",
        description:
          'filters: comma-separated key=value pairs (empty values skipped): object-type (variant, default), ' +
          'brand, category, kind, status, variant, query, amount (minor units), topupData (valid when the ' +
          'shopper came with msisdn and amount; spec §5 channel rules, with X-Channel). page is 0-based; size ' +
          `defaults to ${PRODUCT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}. sortBy: field or field,asc|desc.`,
        headers: tenantHeadersSchema,
        querystring: z.object({
          filters: z.string().max(1000).optional(),
          page: z.coerce.number().int().min(0).max(100_000).default(0),
          size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
          sortBy: sortSchema.optional(),
        }),
        response: {
          200: z.object({
            items: z.array(productSchema),
            paginationParams: z.object({ page: z.number(), size: z.number(), totalPages: z.number() }),
            metadata: z.object({ count: z.number(), totalCount: z.number() }),
          }),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { filters, page, size, sortBy } = request.query;
      const filter = parseFilter(filters, request.tenant, sessionChannel(request.headers['x-channel']));
      const { rows, totalCount } = await findProducts(db, request.tenant.shopId, filter, sortBy, page, size);
      return {
        items: rows.map((row) => ({
          id: row.id,
          productId: row.productId,
          kind: row.kind,
          variant: row.variant,
          status: row.status,
          amount: row.amount,
          currency: row.currency,
          priceRange:
            row.minAmount != null && row.maxAmount != null && row.step != null
              ? { min: row.minAmount, max: row.maxAmount, step: row.step }
              : null,
          brand: { brandId: row.brandId, name: row.brandName },
          category: { categoryId: row.categoryId },
          channels: row.channels,
        })),
        paginationParams: { page, size, totalPages: Math.ceil(totalCount / size) },
        metadata: { count: rows.length, totalCount },
      };
    },
  );

  app.get(
    '/api/shop/rest/v1/brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The brands the tenant sells, with category and number of products',
        headers: tenantHeadersSchema,
        querystring: z.object({ category: z.string().max(64).optional() }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                brandId: z.string(),
                name: z.string(),
                categoryId: z.string(),
                productCount: z.number(),
              }),
            ),
          }),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({ items: await findBrands(db, request.tenant.shopId, request.query.category) }),
  );
};
