import { DomainError, type Language, resolveLanguage } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';

/**
 * The language a tenant serves for a requested code: a language, `xx-YY` (its language part) or
 * `default` (the tenant's default). A language the tenant does not offer is UNKNOWN_LOCALE.
 */
export function offeredLanguage(tenant: TenantConfig, requested: string): Language {
  const language = resolveLanguage(requested, tenant.locales, tenant.defaultLocale);
  if (!language) {
    throw new DomainError(
      'UNKNOWN_LOCALE',
      `Tenant "${tenant.shopId}" does not offer language "${requested}"`,
    );
  }
  return language;
}
