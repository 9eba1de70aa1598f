import type { Language, Namespace } from '@shop/domain';
import deCommon from '../translations/de/common.json' with { type: 'json' };
import deSeo from '../translations/de/seo.json' with { type: 'json' };
import enCommon from '../translations/en/common.json' with { type: 'json' };
import enSeo from '../translations/en/seo.json' with { type: 'json' };
import esCommon from '../translations/es/common.json' with { type: 'json' };
import esSeo from '../translations/es/seo.json' with { type: 'json' };
import frCommon from '../translations/fr/common.json' with { type: 'json' };
import frSeo from '../translations/fr/seo.json' with { type: 'json' };
import itCommon from '../translations/it/common.json' with { type: 'json' };
import itSeo from '../translations/it/seo.json' with { type: 'json' };
import nlCommon from '../translations/nl/common.json' with { type: 'json' };
import nlSeo from '../translations/nl/seo.json' with { type: 'json' };
import plCommon from '../translations/pl/common.json' with { type: 'json' };
import plSeo from '../translations/pl/seo.json' with { type: 'json' };
import roCommon from '../translations/ro/common.json' with { type: 'json' };
import roSeo from '../translations/ro/seo.json' with { type: 'json' };
import type { TenantConfig } from './schema';

export type Messages = Readonly<Record<string, string>>;

/** The base texts of every language, before a tenant's overrides. */
export const baseTranslations: Record<Language, Record<Namespace, Messages>> = {
  de: { common: deCommon, seo: deSeo },
  en: { common: enCommon, seo: enSeo },
  es: { common: esCommon, seo: esSeo },
  fr: { common: frCommon, seo: frSeo },
  it: { common: itCommon, seo: itSeo },
  nl: { common: nlCommon, seo: nlSeo },
  pl: { common: plCommon, seo: plSeo },
  ro: { common: roCommon, seo: roSeo },
};

/** The texts a tenant shows in one language: base texts overlaid by the tenant's overrides. */
export function tenantTranslations(
  tenant: Pick<TenantConfig, 'translations'>,
  language: Language,
  namespace: Namespace,
): Messages {
  return { ...baseTranslations[language][namespace], ...tenant.translations[language]?.[namespace] };
}
