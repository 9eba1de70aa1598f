import type { Database } from '@shop/db';
import { withLeadingPlus } from '@shop/domain';
import {
  addToCartBodySchema,
  addToCartHeadersSchema,
  cartLineCountParamsSchema,
  cartLineParamsSchema,
  cartNameAnswerSchema,
  cartParamsSchema,
  createCartBodySchema,
  detailedCartSchema,
  voucherCodesBodySchema,
} from '@shop/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addItems, addVouchers, detailedCart, removeVouchers, setQuantity } from '../cart/service';
import type { CatalogueCache } from '../catalogue/cache';
import type { TenantNumberOwners } from '../catalogue/number-owners';
import type { AbuseLimits } from '../http/rate-limits';
import { salesContextOf } from '../http/sales-context';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const changeErrors = { ...errors, 429: errorEnvelopeSchema };
const tags = ['cart'];
const addDescription =
  'A top-up or cash code for a number that another operator brand owns is refused with ' +
  '400 `PHONE_NUMBER_OF_OTHER_OPERATOR`.';

/** The cart calls of spec §7 (Cart and checkout, the cart half), at exactly its paths. */
export const cartRoutes: FastifyPluginAsyncZod<{
  db: Database;
  limits: AbuseLimits;
  numberOwners: TenantNumberOwners;
  catalogue: CatalogueCache;
}> = async (app, { db, limits, numberOwners, catalogue }) => {
  const onRequest = limits.guard('cart');
  const context = (request: { tenant: Parameters<typeof addItems>[0]['tenant'] }) => ({
    db,
    tenant: request.tenant,
    numberOwners: numberOwners.of(request.tenant.shopId),
  });
  /** A new cart is in the currency of the request's sales context; its items are checked in its channel. */
  const addingContext = async (request: FastifyRequest) => ({
    ...context(request),
    sales: await salesContextOf(db, request),
    catalogue,
  });

  app.post(
    '/api/shop/rest/addToCart',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put items in a new cart (or the named one) and answer its name',
        description: addDescription,
        headers: addToCartHeadersSchema,
        body: addToCartBodySchema,
        response: { 200: cartNameAnswerSchema, ...changeErrors },
      },
    },
    async (request) => ({
      cartName: await addItems(
        await addingContext(request),
        request.body.cartName,
        request.body.items,
        request.headers['idempotency-key'],
      ),
    }),
  );

  app.post(
    '/api/shop/createCart',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a cart, with items if given; the phone number gets a leading +',
        description: addDescription,
        headers: addToCartHeadersSchema,
        body: createCartBodySchema,
        response: { 200: cartNameAnswerSchema, ...changeErrors },
      },
    },
    async (request) => {
      const phoneNumber = request.body.phoneNumber ? withLeadingPlus(request.body.phoneNumber) : undefined;
      const withPhone = (request.body.items ?? []).map((item) => ({
        ...item,
        phoneNumber: item.phoneNumber ?? phoneNumber,
      }));
      return {
        cartName: await addItems(
          await addingContext(request),
          undefined,
          withPhone,
          request.headers['idempotency-key'],
        ),
      };
    },
  );

  app.post(
    '/api/shop/rest/v2/addToCart',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Put items in a cart (a new one without cartName) and answer the detailed cart',
        description: addDescription,
        headers: addToCartHeadersSchema,
        body: addToCartBodySchema,
        response: { 200: detailedCartSchema, ...changeErrors },
      },
    },
    async (request) => {
      const cartName = await addItems(
        await addingContext(request),
        request.body.cartName,
        request.body.items,
        request.headers['idempotency-key'],
      );
      return detailedCart(context(request), cartName);
    },
  );

  app.get(
    '/api/shop/rest/v2/carts/:cartName',
    {
      schema: {
        tags,
        summary: 'The detailed cart',
        headers: tenantHeadersSchema,
        params: cartParamsSchema,
        response: { 200: detailedCartSchema, ...errors },
      },
    },
    async (request) => detailedCart(context(request), request.params.cartName),
  );

  app.put(
    '/api/shop/rest/v2/carts/:cartName/items/:itemKey/:count',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Set the quantity of a cart line (0 removes it)',
        headers: tenantHeadersSchema,
        params: cartLineCountParamsSchema,
        response: { 200: detailedCartSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { cartName, itemKey, count } = request.params;
      await setQuantity(context(request), cartName, itemKey, count);
      return detailedCart(context(request), cartName);
    },
  );

  app.delete(
    '/api/shop/rest/v2/carts/:cartName/items/:itemKey',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a cart line',
        headers: tenantHeadersSchema,
        params: cartLineParamsSchema,
        response: { 200: detailedCartSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { cartName, itemKey } = request.params;
      await setQuantity(context(request), cartName, itemKey, 0);
      return detailedCart(context(request), cartName);
    },
  );

  app.post(
    '/api/shop/rest/addVouchers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Apply promo codes',
        headers: tenantHeadersSchema,
        body: voucherCodesBodySchema,
        response: { 200: detailedCartSchema, ...changeErrors },
      },
    },
    async (request) => {
      await addVouchers(context(request), request.body.cartName, request.body.voucherCodes);
      return detailedCart(context(request), request.body.cartName);
    },
  );

  app.post(
    '/api/shop/rest/removeVouchers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove promo codes',
        headers: tenantHeadersSchema,
        body: voucherCodesBodySchema,
        response: { 200: detailedCartSchema, ...changeErrors },
      },
    },
    async (request) => {
      await removeVouchers(context(request), request.body.cartName, request.body.voucherCodes);
      return detailedCart(context(request), request.body.cartName);
    },
  );
};
