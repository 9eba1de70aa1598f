import type { Database } from '@shop/db';
import { DomainError, shopsToList, visibleShops } from '@shop/domain';
import {
  errorEnvelopeSchema,
  idempotencyHeadersSchema,
  orderSearchQuerySchema,
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
import { recordAudit } from '../backoffice/audit';
import { orderDetail, searchOrders, staffOrder } from '../backoffice/orders';
import { resendReceipt } from '../backoffice/receipts';
import { refundOrder } from '../backoffice/refunds';
import type { FulfilmentServices } from '../fulfilment/context';
import { clientAddress } from '../http/client-address';
import { staffCallErrors } from '../http/schemas';
import { requireStaff, type StaffCaller, signedInStaff } from '../http/staff-context';

const tags = ['back office'];
const errors = staffCallErrors;

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
        { db, provider: fulfilment.provider, log: request.log },
        order,
        request.body,
        request.headers['idempotency-key'],
        { staffId: staff.member.id, staffEmail: staff.member.email, clientAddress: clientAddress(request) },
      );
      return reply.status(201).send(refund);
    },
  );

  app.post(
    '/api/backoffice/orders/:orderNumber/resend-receipt',
    {
      schema: {
        tags,
        summary: 'Send a final order’s receipt again, to the order’s own e-mail address',
        description: '409 RECEIPT_UNAVAILABLE for an order that is not final or has no e-mail address.',
        params: staffOrderParamsSchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const staff = await caller(request);
      requireStaff(staff, 'orders.resend');
      const order = await visibleOrder(staff, request.params.orderNumber);
      const tenant = tenants.byId(order.tenantId);
      if (!tenant)
        throw new DomainError('ORDER_NOT_FOUND', `No order ${order.orderNumber} in the tenants you see`);
      await resendReceipt({ ...fulfilment, tenant, log: request.log }, order);
      await recordAudit(db, {
        staffId: staff.member.id,
        staffEmail: staff.member.email,
        action: 'order.receipt-resent',
        target: order.orderNumber,
        shopId: order.tenantId,
        clientAddress: clientAddress(request),
      });
      return reply.status(202).send(null);
    },
  );
};
