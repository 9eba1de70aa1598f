import 'server-only';
import { type Language, parseLocale, resolveLanguage } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { COOKIE_NAMES } from './cookie-names';

export interface ShopLocale {
  language: Language;
  /** Country of an `xx-YY` choice, else the tenant's country. */
  country: string;
}

/** The language to render for this tenant: the LOCALE cookie when the tenant offers it, else its default. */
export async function currentLocale(tenant: TenantConfig): Promise<ShopLocale> {
  const chosen = (await cookies()).get(COOKIE_NAMES.locale)?.value;
  const language = resolveLanguage(chosen, tenant.locales, tenant.defaultLocale) ?? tenant.defaultLocale;
  const country = chosen ? parseLocale(chosen).country : undefined;
  return { language, country: (country ?? tenant.country).toUpperCase() };
}
