import 'server-only';
import type { Namespace } from '@shop/domain';
import { API_URL } from './env';

type Messages = Record<string, string>;

const TRANSLATION_TTL_MS = 60_000;
const translationCache = new Map<string, { expires: number; messages: Promise<Messages> }>();

async function fetchTranslations(shopId: string, language: string, namespace: Namespace): Promise<Messages> {
  const response = await fetch(`${API_URL}/api/translations/${language}/${namespace}`, {
    headers: { 'X-Tenant-Id': shopId, Accept: 'application/json' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) {
    throw new Error(`Translations ${shopId}/${language}/${namespace}: API answered ${response.status}`);
  }
  return (await response.json()) as Messages;
}

/**
 * A tenant's texts from the API, kept in memory for a minute so that a page render costs no
 * extra round trip; a failed load is not kept.
 */
export function loadTranslations(shopId: string, language: string, namespace: Namespace): Promise<Messages> {
  const key = `${shopId}/${language}/${namespace}`;
  const hit = translationCache.get(key);
  if (hit && hit.expires > Date.now()) return hit.messages;
  const messages = fetchTranslations(shopId, language, namespace);
  translationCache.set(key, { expires: Date.now() + TRANSLATION_TTL_MS, messages });
  messages.catch(() => translationCache.delete(key));
  return messages;
}
