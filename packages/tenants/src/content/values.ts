import type { Language } from '@shop/domain';
import { mainPagePath } from '../routes';
import type { TenantConfig } from '../schema';
import { fillPlaceholders } from './placeholders';

/** The measuring services a shop runs after consent, by the config field that switches each on. */
const STATISTICS_SERVICES = {
  tagManagerId: 'Google Tag Manager (Google Ireland Limited)',
  hotjarId: 'Hotjar (Hotjar Ltd.)',
  xtremepushId: 'Xtremepush (Xtremepush Limited)',
} as const;

/** Legal phrases of one language that differ by the company's country (`law.governingLaw`). */
export type LawPhrases = Readonly<Record<string, string>>;

/**
 * Everything a content text may ask for by placeholder, in one language: the shop's names and
 * addresses, its company, and the legal phrases of the company's country (themselves filled).
 */
export function placeholderValues(
  tenant: TenantConfig,
  language: Language,
  law: LawPhrases = {},
): Record<string, string> {
  const { company } = tenant;
  const services = (Object.keys(STATISTICS_SERVICES) as (keyof typeof STATISTICS_SERVICES)[])
    .filter((field) => tenant[field])
    .map((field) => STATISTICS_SERVICES[field]);
  const values: Record<string, string> = {
    providerName: tenant.providerName,
    domain: tenant.domain,
    mainPage: mainPagePath(tenant),
    supportEmail: tenant.supportEmail,
    'helpDesk.email': tenant.helpDesk.email,
    'helpDesk.productId': tenant.helpDesk.productId,
    'company.legalName': company.legalName,
    'company.legalForm': company.legalForm,
    'company.street': company.street,
    'company.postcode': company.postcode,
    'company.city': company.city,
    'company.country':
      new Intl.DisplayNames([language], { type: 'region' }).of(company.country.toUpperCase()) ??
      company.country,
    'company.register.court': company.register.court,
    'company.register.number': company.register.number,
    'company.vatId': company.vatId,
    'company.representatives': new Intl.ListFormat(language, { type: 'conjunction' }).format(
      company.representatives,
    ),
    'company.phone': company.phone,
    'company.dataProtectionAuthority': company.dataProtectionAuthority,
    statisticsServices: services.length > 0 ? services.join(', ') : '—',
  };
  for (const [name, phrase] of Object.entries(law)) {
    values[`law.${name}`] = fillPlaceholders(phrase, values);
  }
  return values;
}
