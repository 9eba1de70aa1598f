import type { Language, Namespace } from '@shop/domain';
import deCommon from '../translations/de/common.json' with { type: 'json' };
import deMessages from '../translations/de/messages.json' with { type: 'json' };
import deSeo from '../translations/de/seo.json' with { type: 'json' };
import enCommon from '../translations/en/common.json' with { type: 'json' };
import enMessages from '../translations/en/messages.json' with { type: 'json' };
import enSeo from '../translations/en/seo.json' with { type: 'json' };
import esCommon from '../translations/es/common.json' with { type: 'json' };
import esMessages from '../translations/es/messages.json' with { type: 'json' };
import esSeo from '../translations/es/seo.json' with { type: 'json' };
import frCommon from '../translations/fr/common.json' with { type: 'json' };
import frMessages from '../translations/fr/messages.json' with { type: 'json' };
import frSeo from '../translations/fr/seo.json' with { type: 'json' };
import itCommon from '../translations/it/common.json' with { type: 'json' };
import itMessages from '../translations/it/messages.json' with { type: 'json' };
import itSeo from '../translations/it/seo.json' with { type: 'json' };
import nlCommon from '../translations/nl/common.json' with { type: 'json' };
import nlMessages from '../translations/nl/messages.json' with { type: 'json' };
import nlSeo from '../translations/nl/seo.json' with { type: 'json' };
import plCommon from '../translations/pl/common.json' with { type: 'json' };
import plMessages from '../translations/pl/messages.json' with { type: 'json' };
import plSeo from '../translations/pl/seo.json' with { type: 'json' };
import roCommon from '../translations/ro/common.json' with { type: 'json' };
import roMessages from '../translations/ro/messages.json' with { type: 'json' };
import roSeo from '../translations/ro/seo.json' with { type: 'json' };
import type { TenantConfig } from './schema';

export type Messages = Readonly<Record<string, string>>;

/** The base texts of every language, before a tenant's overrides. */
export const baseTranslations: Record<Language, Record<Namespace, Messages>> = {
  de: { common: deCommon, seo: deSeo, messages: deMessages },
  en: { common: enCommon, seo: enSeo, messages: enMessages },
  es: { common: esCommon, seo: esSeo, messages: esMessages },
  fr: { common: frCommon, seo: frSeo, messages: frMessages },
  it: { common: itCommon, seo: itSeo, messages: itMessages },
  nl: { common: nlCommon, seo: nlSeo, messages: nlMessages },
  pl: { common: plCommon, seo: plSeo, messages: plMessages },
  ro: { common: roCommon, seo: roSeo, messages: roMessages },
};

/** The texts a tenant shows in one language: base texts overlaid by the tenant's overrides. */
export function tenantTranslations(
  tenant: Pick<TenantConfig, 'translations'>,
  language: Language,
  namespace: Namespace,
): Messages {
  return { ...baseTranslations[language][namespace], ...tenant.translations[language]?.[namespace] };
}
