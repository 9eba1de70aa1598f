import { type PaymentMethod, type PaymentProviderName, providerOfMethod } from '@shop/domain';
import type { TenantConfig, TenantRegistry } from '@shop/tenants';
import type { PaymentProvider } from './payment-provider';

/**
 * The payment providers of every tenant (decision 0068). A tenant's config names the provider
 * of each method; a payment or saved method keeps the provider it was made with, so later calls
 * about it (status, capture, refund, charge) go to the same account whatever the config says now.
 */
export interface PaymentProviders {
  /** The provider that collects `method` for the tenant now. */
  forMethod(
    tenant: TenantConfig,
    method: PaymentMethod,
  ): { name: PaymentProviderName; provider: PaymentProvider };
  /** The tenant's account at the named provider. */
  of(tenantId: string, name: PaymentProviderName): PaymentProvider;
}

/** A tenant's Stripe account as the environment holds it. */
export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
}

export interface PaymentProviderSources {
  /** The sandbox provider: one service, the tenant's merchant account sent with each payment. */
  sandbox: PaymentProvider;
  /** Stripe for one account; made once per tenant that uses it. */
  stripe: (account: StripeAccount) => PaymentProvider;
  /** Reads the tenant's Stripe keys from the environment variables its config names. */
  stripeAccountOf: (tenant: TenantConfig) => StripeAccount;
}

export function createPaymentProviders(
  tenants: TenantRegistry,
  sources: PaymentProviderSources,
): PaymentProviders {
  const stripeOfTenant = new Map<string, PaymentProvider>();

  function of(tenantId: string, name: PaymentProviderName): PaymentProvider {
    if (name === 'sandbox') return sources.sandbox;
    const known = stripeOfTenant.get(tenantId);
    if (known) return known;
    const tenant = tenants.byId(tenantId);
    if (!tenant) throw new Error(`no tenant ${tenantId}`);
    const made = sources.stripe(sources.stripeAccountOf(tenant));
    stripeOfTenant.set(tenantId, made);
    return made;
  }

  return {
    of,
    forMethod(tenant, method) {
      const name = providerOfMethod(tenant.paymentProvider.methods, method);
      return { name, provider: of(tenant.shopId, name) };
    },
  };
}
