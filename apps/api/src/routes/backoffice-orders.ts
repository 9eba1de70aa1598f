import type { Database, Order } from '@shop/db';
import { DomainError, type StaffAction, shopsToList, visibleShops } from '@shop/domain';
import {
  errorEnvelopeSchema,
  idempotencyHeadersSchema,
  orderSearchQuerySchema,
  revealPinsAnswerSchema,
  revealPinsBodySchema,
  staffOrderParamsSchema,
  staffOrderSchema,
  staffOrdersAnswerSchema,
  staffRefundAnswerSchema,
  staffRefundBodySchema,
} from '@shop/domain/contract';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../backoffice/audit';
import { resendPins, retryDelivery, revealPins } from '../backoffice/deliveries';
import { orderDetail, searchOrders, staffOrder } from '../backoffice/orders';
import { resendReceipt } from '../backoffice/receipts';
import { refundOrder } from '../backoffice/refunds';
import type { FulfilmentContext, FulfilmentServices } from '../fulfilment/context';
import { clientAddress } from '../http/client-address';
import { staffCallErrors } from '../http/schemas';
import { requireStaff, type StaffCaller, signedInStaff } from '../http/staff-context';

const tags = ['back office'];
const errors = staffCallErrors;

/** What staff start on an order and the shop finishes: each answers 202 once it is under way. */
const ORDER_ACTIONS: readonly {
  path: string;
  permission: StaffAction;
  summary: string;
  description: string;
  run: (context: FulfilmentContext, order: Order, actor: Actor) => Promise<unknown>;
}[] = [
  {
    path: 'resend-receipt',
    permission: 'orders.resend',
    summary: 'Send a final order’s receipt again, to the order’s own e-mail address',
    description: '409 RECEIPT_UNAVAILABLE for an order that is not final or has no e-mail address.',
    run: resendReceipt,
  },
  {
    path: 'retry-delivery',
    permission: 'orders.retry',
    summary: 'Try the delivery of an order stuck between payment and outcome again',
    description:
      'Support and admin. The commit delivers each unit under its own reference, so nothing is ' +
      'delivered twice. 409 DELIVERY_NOT_STUCK for an order that is not paid and waiting.',
    run: retryDelivery,
  },
  {
    path: 'resend-pins',
    permission: 'orders.resend',
    summary: 'Send a final order’s voucher PINs again, where the order sent them',
    description:
      'By SMS or WhatsApp to the number chosen at checkout, otherwise in the receipt to the order’s ' +
      'e-mail address; never elsewhere. 409 NO_VOUCHER_PINS for an order without delivered PINs.',
    run: resendPins,
  },
];

/**
 * The back office's orders (decision 0066): search, an order with its payments and timeline, and
 * what staff do with one. Each call checks the role and the tenant, and each action is audited.
 */
export const backofficeOrderRoutes: FastifyPluginAsyncZod<{
  db: Database;
  tenants: TenantRegistry;
  fulfilment: Omit<FulfilmentServices, 'log'>;
}> = async (app, { db, tenants, fulfilment }) => {
  /** The order of that number if the caller sees its tenant; ORDER_NOT_FOUND otherwise (none is told apart). */
  async function visibleOrder(caller: StaffCaller, orderNumber: string) {
    const order = await staffOrder(db, visibleShops(caller.scope), orderNumber);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', `No order ${orderNumber} in the tenants you see`);
    return order;
  }
  const caller = (request: FastifyRequest) => signedInStaff(db, request, new Date());

  app.get(
    '/api/backoffice/orders',
    {
      schema: {
        tags,
        summary: 'Search orders by number, phone number or e-mail, status, dates and tenant; newest first',
        description: 'A `shopId` the staff member may not see: 403 FORBIDDEN.',
        querystring: orderSearchQuerySchema,
        response: { 200: staffOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const staff = await caller(request);
      requireStaff(staff, 'orders.read');
      const shops = shopsToList(staff.scope, request.query.shopId);
      if (shops === null) throw new DomainError('FORBIDDEN', `Not allowed for ${request.query.shopId}`);
      const searched =
        shops === undefined ? tenants.all : tenants.all.filter((tenant) => shops.includes(tenant.shopId));
      return searchOrders(
        db,
        shops,
        searched.map((tenant) => tenant.country),
        request.query,
      );
    },
  );

  app.get(
    '/api/backoffice/orders/:orderNumber',
    {
      schema: {
        tags,
        summary: 'An order: its lines, payments with what is refundable, and its timeline oldest first',
        params: staffOrderParamsSchema,
        response: { 200: staffOrderSchema, ...errors },
      },
    },
    async (request) => {
      const staff = await caller(request);
      requireStaff(staff, 'orders.read');
      return orderDetail(db, await visibleOrder(staff, request.params.orderNumber));
    },
  );

  app.post(
    '/api/backoffice/orders/:orderNumber/refunds',
    {
      schema: {
        tags,
        summary: 'Refund all or part of an order through the payment provider, once per Idempotency-Key',
        description:
          'Finance and admin. The same key again answers the same refund and refunds nothing more; another ' +
          'amount or reason with it is 409 IDEMPOTENCY_KEY_REUSED. More than is left to refund: 422 ' +
          'REFUND_AMOUNT_EXCEEDED, and nothing changes.',
        headers: idempotencyHeadersSchema,
        params: staffOrderParamsSchema,
        body: staffRefundBodySchema,
        response: { 201: staffRefundAnswerSchema, 422: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await caller(request);
      requireStaff(staff, 'orders.refund');
      const order = await visibleOrder(staff, request.params.orderNumber);
      const { refund } = await refundOrder(
        { db, providers: fulfilment.providers, log: request.log },
        order,
        request.body,
        request.headers['idempotency-key'],
        actorOf(staff, request),
      );
      return reply.status(201).send(refund);
    },
  );

  /** The order's tenant's context for a commit or a sending, as the shop's own calls have it. */
  function fulfilmentOf(order: Order, request: FastifyRequest): FulfilmentContext {
    const tenant = tenants.byId(order.tenantId);
    if (!tenant)
      throw new DomainError('ORDER_NOT_FOUND', `No order ${order.orderNumber} in the tenants you see`);
    return { ...fulfilment, tenant, log: request.log };
  }
  const actorOf = (staff: StaffCaller, request: FastifyRequest): Actor => ({
    staffId: staff.member.id,
    staffEmail: staff.member.email,
    clientAddress: clientAddress(request),
  });

  for (const { path, permission, summary, description, run } of ORDER_ACTIONS) {
    app.post(
      `/api/backoffice/orders/:orderNumber/${path}`,
      {
        schema: {
          tags,
          summary,
          description,
          params: staffOrderParamsSchema,
          response: { 202: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const staff = await caller(request);
        requireStaff(staff, permission);
        const order = await visibleOrder(staff, request.params.orderNumber);
        await run(fulfilmentOf(order, request), order, actorOf(staff, request));
        return reply.status(202).send(null);
      },
    );
  }

  app.post(
    '/api/backoffice/orders/:orderNumber/reveal-pins',
    {
      schema: {
        tags,
        summary: 'Show a final order’s voucher PINs, with the reason the audit log keeps',
        description: 'Support and admin. 409 NO_VOUCHER_PINS for an order without delivered PINs.',
        params: staffOrderParamsSchema,
        body: revealPinsBodySchema,
        response: { 200: revealPinsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await caller(request);
      requireStaff(staff, 'pins.reveal');
      const order = await visibleOrder(staff, request.params.orderNumber);
      const vouchers = await revealPins(
        fulfilmentOf(order, request),
        order,
        request.body.reason,
        actorOf(staff, request),
      );
      return reply.header('Cache-Control', 'no-store').send({ vouchers });
    },
  );
};
