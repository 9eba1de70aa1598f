import 'server-only';
import type { Namespace } from '@shop/domain';
import { type Translations, translationsSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';

const TRANSLATION_TTL_MS = 60_000;
const translationCache = new Map<string, { expires: number; messages: Promise<Translations> }>();

/**
 * A tenant's texts from the API, kept in memory for a minute so that a page render costs no
 * extra round trip; a failed load is not kept.
 */
export function loadTranslations(
  tenant: TenantConfig,
  language: string,
  namespace: Namespace,
): Promise<Translations> {
  const key = `${tenant.shopId}/${language}/${namespace}`;
  const hit = translationCache.get(key);
  if (hit && hit.expires > Date.now()) return hit.messages;
  const messages = callApi(tenant, `/api/translations/${language}/${namespace}`, translationsSchema);
  translationCache.set(key, { expires: Date.now() + TRANSLATION_TTL_MS, messages });
  messages.catch(() => translationCache.delete(key));
  return messages;
}
