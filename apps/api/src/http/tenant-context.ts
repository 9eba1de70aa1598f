import { DomainError } from '@shop/domain';
import type { TenantConfig, TenantRegistry } from '@shop/tenants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of a tenant-scoped route, resolved from `X-Tenant-Id`. */
    tenant: TenantConfig;
  }
}

/**
 * Resolves `X-Tenant-Id` on every route registered in the same scope; a missing or unknown
 * tenant is refused before any handler runs.
 */
export const tenantContext = fp<{ tenants: TenantRegistry }>(
  async (app: FastifyInstance, { tenants }) => {
    app.decorateRequest('tenant', null as unknown as TenantConfig);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const header = request.headers['x-tenant-id'];
      const shopId = Array.isArray(header) ? header[0] : header;
      const tenant = shopId ? tenants.byId(shopId.trim()) : undefined;
      if (!tenant) {
        throw new DomainError(
          'UNKNOWN_TENANT',
          shopId ? `Unknown tenant "${shopId}"` : 'The X-Tenant-Id header is required',
        );
      }
      request.tenant = tenant;
    });
  },
  { name: 'tenant-context' },
);
