import type { Database } from '@shop/db';
import { decodeFilters, invalidField, offerCondition, PRODUCT_PAGE_SIZE } from '@shop/domain';
import {
  brandListSchema,
  brandsQuerySchema,
  MAX_PRODUCT_PAGE_SIZE,
  productFiltersSchema,
  productListingSchema,
  productSearchQuerySchema,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import fastJson from 'fast-json-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueCache } from '../catalogue/cache';
import { findBrands, findProducts, type ProductFilter, type ProductPage } from '../catalogue/products';
import { type SalesContext, salesContextOf } from '../http/sales-context';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

function parseFilter(
  encoded: string | undefined,
  tenant: TenantConfig,
  { channel, currency }: SalesContext,
): ProductFilter {
  const decoded = decodeFilters(encoded);
  if (!decoded.ok) throw invalidField(`filters.${decoded.field}`, decoded.message);
  const parsed = productFiltersSchema.safeParse(decoded.filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
    throw invalidField(
      `filters.${field ?? ''}`,
      issue?.code === 'unrecognized_keys' ? 'unknown filter' : (issue?.message ?? ''),
    );
  }
  const { objectType: _objectType, topupData, ...filter } = parsed.data;
  const offer = offerCondition({
    mobileAppFlow: tenant.flags.hasMobileAppFlow,
    appChannel: channel,
    chosenCurrency: currency,
    topupDataValid: topupData === 'valid',
  });
  return { ...filter, offer };
}

/** The answers' serialisers, compiled once from the contract (as Fastify compiles a JSON schema). */
const listingJson = fastJson(z.toJSONSchema(productListingSchema) as object);
const brandsJson = fastJson(z.toJSONSchema(brandListSchema) as object);

function listing({ rows, totalCount }: ProductPage, page: number, size: number): string {
  return listingJson({
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
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The catalogue calls. Their answers come from the catalogue cache, keyed by everything the
 * answer depends on: the tenant, the search after the tenant's and the request's channel rules,
 * the order and the page (decision 0052).
 */
export const productRoutes: FastifyPluginAsyncZod<{ db: Database; catalogue: CatalogueCache }> = async (
  app,
  { db, catalogue },
) => {
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
          `defaults to ${PRODUCT_PAGE_SIZE}, at most ${MAX_PRODUCT_PAGE_SIZE}. sortBy: field or field,asc|desc.`,
        headers: tenantHeadersSchema,
        querystring: productSearchQuerySchema,
        response: { 200: productListingSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { filters, page, size, sortBy } = request.query;
      const { shopId } = request.tenant;
      const filter = parseFilter(filters, request.tenant, await salesContextOf(db, request));
      const key = JSON.stringify(['products', filter, sortBy, page, size]);
      const answer = await catalogue.answer(shopId, key, async () =>
        listing(await findProducts(db, shopId, filter, sortBy, page, size), page, size),
      );
      return reply.type(JSON_TYPE).send(answer as never);
    },
  );

  app.get(
    '/api/shop/rest/v1/brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The brands the tenant sells, with category and number of products',
        headers: tenantHeadersSchema,
        querystring: brandsQuerySchema,
        response: { 200: brandListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { shopId } = request.tenant;
      const { category } = request.query;
      const answer = await catalogue.answer(shopId, JSON.stringify(['brands', category]), async () =>
        brandsJson({ items: await findBrands(db, shopId, category) }),
      );
      return reply.type(JSON_TYPE).send(answer as never);
    },
  );
};
