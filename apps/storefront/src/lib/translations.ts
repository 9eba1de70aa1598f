import 'server-only';
import { createHash } from 'node:crypto';
import type { Namespace } from '@shop/domain';
import { type Translations, translationsSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { answerCache } from './answer-cache';
import { callApi } from './api';

const cached = answerCache<Translations>(60_000);

/**
 * A tenant's texts from the API, kept in memory for a minute so that a page render costs no
 * extra round trip; a failed load is not kept.
 */
export function loadTranslations(
  tenant: TenantConfig,
  language: string,
  namespace: Namespace,
): Promise<Translations> {
  return cached(`${tenant.shopId}/${language}/${namespace}`, () =>
    callApi(tenant, `/api/translations/${language}/${namespace}`, translationsSchema),
  );
}

const versions = new WeakMap<Translations, string>();

/** A short fingerprint of a bundle's texts: another text, another version. */
export function translationsVersion(texts: Translations): string {
  let version = versions.get(texts);
  if (!version) {
    version = createHash('sha256').update(JSON.stringify(texts)).digest('base64url').slice(0, 16);
    versions.set(texts, version);
  }
  return version;
}
