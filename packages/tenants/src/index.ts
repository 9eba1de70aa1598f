import { tenantSources } from './demo';
import { createTenantRegistry, type TenantRegistry } from './load';

export { createTenantRegistry, parseTenantConfig, TenantConfigError, type TenantRegistry } from './load';
export { brandPath, cartStepPath, mainPagePath } from './routes';
export * from './schema';
export { baseTranslations, type Messages, tenantTranslations } from './translations';

let registry: TenantRegistry | undefined;

/** The validated tenant registry, loaded once per process; a bad config throws naming tenant and field. */
export function tenants(): TenantRegistry {
  registry ??= createTenantRegistry(tenantSources);
  return registry;
}
