import 'server-only';
import type { Namespace } from '@shop/domain';
import { API_URL } from './env';

type Messages = Record<string, string>;

/**
 * A GET to the API from the storefront's server, for one tenant, with the common headers of
 * spec §7; answers the response as it came.
 */
export function callApi(tenant: { shopId: string; country: string }, path: string): Promise<Response> {
  return fetch(`${API_URL}${path}`, {
    headers: {
      'X-Tenant-Id': tenant.shopId,
      'X-Country': tenant.country.toUpperCase(),
      'X-Channel': 'web',
      Accept: 'application/json',
    },
    cache: 'no-store',
    signal: AbortSignal.timeout(5_000),
  });
}

const TRANSLATION_TTL_MS = 60_000;
const translationCache = new Map<string, { expires: number; messages: Promise<Messages> }>();

async function fetchTranslations(
  tenant: { shopId: string; country: string },
  language: string,
  namespace: Namespace,
): Promise<Messages> {
  const response = await callApi(tenant, `/api/translations/${language}/${namespace}`);
  if (!response.ok) {
    throw new Error(
      `Translations ${tenant.shopId}/${language}/${namespace}: API answered ${response.status}`,
    );
  }
  return (await response.json()) as Messages;
}

/**
 * A tenant's texts from the API, kept in memory for a minute so that a page render costs no
 * extra round trip; a failed load is not kept.
 */
export function loadTranslations(
  tenant: { shopId: string; country: string },
  language: string,
  namespace: Namespace,
): Promise<Messages> {
  const key = `${tenant.shopId}/${language}/${namespace}`;
  const hit = translationCache.get(key);
  if (hit && hit.expires > Date.now()) return hit.messages;
  const messages = fetchTranslations(tenant, language, namespace);
  translationCache.set(key, { expires: Date.now() + TRANSLATION_TTL_MS, messages });
  messages.catch(() => translationCache.delete(key));
  return messages;
}
