import 'server-only';
import type { Language } from '@shop/domain';
import { type ContentPageAnswer, contentPageSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { callApi } from './api';
import { ApiCallError } from './api-answer';

const CONTENT_TTL_MS = 60_000;
const contentCache = new Map<string, { expires: number; page: Promise<ContentPageAnswer | undefined> }>();

/**
 * The text of one of the tenant's content or advertisement pages from the API (decision 0044),
 * kept in memory for a minute like the translations; undefined when the shop has no such page.
 */
export function loadContentPage(
  tenant: TenantConfig,
  language: Language,
  slug: string,
): Promise<ContentPageAnswer | undefined> {
  const key = `${tenant.shopId}/${language}/${slug}`;
  const hit = contentCache.get(key);
  if (hit && hit.expires > Date.now()) return hit.page;
  const page = callApi(
    tenant,
    `/api/content/${language}/${encodeURIComponent(slug)}`,
    contentPageSchema,
  ).catch((error: unknown) => {
    if (error instanceof ApiCallError && error.status === 404) return undefined;
    throw error;
  });
  contentCache.set(key, { expires: Date.now() + CONTENT_TTL_MS, page });
  page.catch(() => contentCache.delete(key));
  return page;
}
