import type { Database } from '@shop/db';
import { DomainError, shopsToList, visibleShops } from '@shop/domain';
import {
  customerSearchQuerySchema,
  staffCustomerParamsSchema,
  staffCustomerSchema,
  staffCustomersAnswerSchema,
} from '@shop/domain/contract';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerDetail, searchCustomers, staffCustomer } from '../backoffice/customers';
import { staffCallErrors } from '../http/schemas';
import { requireStaff, signedInStaff } from '../http/staff-context';

const tags = ['back office'];
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
};
