import type { TenantConfig, TenantRegistry } from '@shop/tenants';
import type { DtoneAccount } from './dtone/operator';
import type { Operator } from './operator';

/** Where each tenant's top-ups and look-ups go (decision 0070), as its config names it. */
export interface Operators {
  of(tenantId: string): Operator;
}

export interface OperatorSources {
  /** The sandbox operator: one service for every tenant on it. */
  sandbox: Operator;
  /** DT One for one tenant's account; made once per tenant that uses it. */
  dtone: (tenant: TenantConfig, account: DtoneAccount) => Operator;
  /** Reads the tenant's DT One credentials from the environment variables its config names. */
  dtoneAccountOf: (tenant: TenantConfig) => DtoneAccount;
}

export function createOperators(tenants: TenantRegistry, sources: OperatorSources): Operators {
  const made = new Map<string, Operator>();
  const tenantOf = (tenantId: string) => {
    const tenant = tenants.byId(tenantId);
    if (!tenant) throw new Error(`no tenant ${tenantId}`);
    return tenant;
  };
  return {
    of(tenantId) {
      const tenant = tenantOf(tenantId);
      if (tenant.operatorProvider.name === 'sandbox') return sources.sandbox;
      const known = made.get(tenantId);
      if (known) return known;
      const operator = sources.dtone(tenant, sources.dtoneAccountOf(tenant));
      made.set(tenantId, operator);
      return operator;
    },
  };
}
