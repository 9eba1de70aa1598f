import type { Database } from '@shop/db';
import { DomainError, shopsToList, visibleShops } from '@shop/domain';
import {
  customerSearchQuerySchema,
  staffAutoTopupAnswerSchema,
  staffAutoTopupBodySchema,
  staffAutoTopupParamsSchema,
  staffCustomerParamsSchema,
  staffCustomerSchema,
  staffCustomersAnswerSchema,
} from '@shop/domain/contract';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateAutoTopup } from '../auto-topups/manage';
import { recordAudit } from '../backoffice/audit';
import { customerDetail, searchCustomers, staffCustomer } from '../backoffice/customers';
import { clientAddress } from '../http/client-address';
import { staffCallErrors } from '../http/schemas';
import { requireStaff, signedInStaff } from '../http/staff-context';

const tags = ['back office'];

/** The audit log's word for each status staff set. */
const STATUS_ACTIONS = { ENABLED: 'resumed', DISABLED: 'paused', DELETED: 'deleted' } as const;
const errors = staffCallErrors;

/**
 * The back office's look-up of accounts (decision 0066): found by e-mail or number, and an
 * account with its saved methods, automatic and SMS top-ups and latest orders, for the tenants
 * the staff member sees.
 */
export const backofficeCustomerRoutes: FastifyPluginAsyncZod<{
  db: Database;
  tenants: TenantRegistry;
}> = async (app, { db, tenants }) => {
  app.get(
    '/api/backoffice/customers',
    {
      schema: {
        tags,
        summary: 'Find accounts by e-mail or phone number (any common format), newest first',
        description: 'A `shopId` the staff member may not see: 403 FORBIDDEN.',
        querystring: customerSearchQuerySchema,
        response: { 200: staffCustomersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const staff = await signedInStaff(db, request, new Date());
      requireStaff(staff, 'customers.read');
      const shops = shopsToList(staff.scope, request.query.shopId);
      if (shops === null) throw new DomainError('FORBIDDEN', `Not allowed for ${request.query.shopId}`);
      const searched = tenants.all.filter((tenant) => shops === undefined || shops.includes(tenant.shopId));
      return searchCustomers(
        db,
        shops,
        searched.map((tenant) => tenant.country),
        request.query,
      );
    },
  );

  app.get(
    '/api/backoffice/customers/:customerId',
    {
      schema: {
        tags,
        summary: 'An account: profile, saved methods (masked), automatic and SMS top-ups, latest orders',
        params: staffCustomerParamsSchema,
        response: { 200: staffCustomerSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const staff = await signedInStaff(db, request, now);
      requireStaff(staff, 'customers.read');
      const customer = await staffCustomer(db, visibleShops(staff.scope), request.params.customerId);
      const tenant = customer && tenants.byId(customer.tenantId);
      if (!customer || !tenant)
        throw new DomainError('NOT_FOUND', 'No account of the tenants you see has this id');
      return customerDetail(db, tenant, customer, now);
    },
  );

  app.put(
    '/api/backoffice/customers/:customerId/auto-topups/:autoTopupId',
    {
      schema: {
        tags,
        summary: 'Pause, resume or delete an account’s automatic top-up on the shopper’s behalf',
        description:
          'Support and admin, as the shop’s rules allow the shopper: a tenant that does not let shoppers ' +
          'pause answers 400 VALIDATION_FAILED for DISABLED.',
        params: staffAutoTopupParamsSchema,
        body: staffAutoTopupBodySchema,
        response: { 200: staffAutoTopupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const staff = await signedInStaff(db, request, now);
      requireStaff(staff, 'customers.manage');
      const { customerId, autoTopupId } = request.params;
      const customer = await staffCustomer(db, visibleShops(staff.scope), customerId);
      const tenant = customer && tenants.byId(customer.tenantId);
      if (!customer || !tenant)
        throw new DomainError('NOT_FOUND', 'No account of the tenants you see has this id');
      const context = { db, tenant, customerId: customer.id, now };
      const { status } = request.body;
      const autoTopup = await updateAutoTopup(context, { autoTopupId, status });
      await recordAudit(db, {
        staffId: staff.member.id,
        staffEmail: staff.member.email,
        clientAddress: clientAddress(request),
        action: `auto-topup.${STATUS_ACTIONS[status]}`,
        target: autoTopupId,
        shopId: customer.tenantId,
        detail: { customerId, msisdn: autoTopup.msisdn },
      });
      return { autoTopup };
    },
  );
};
