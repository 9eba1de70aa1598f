import 'server-only';
import type { Language } from '@shop/domain';
import { type ContentPageAnswer, contentPageSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { answerCache } from './answer-cache';
import { callApi } from './api';
import { ApiCallError } from './api-answer';

const cached = answerCache<ContentPageAnswer | undefined>(60_000);

/**
 * The text of one of the tenant's content or advertisement pages from the API (decision 0044),
 * kept in memory for a minute like the translations; undefined when the shop has no such page.
 */
export function loadContentPage(
  tenant: TenantConfig,
  language: Language,
  slug: string,
): Promise<ContentPageAnswer | undefined> {
  return cached(`${tenant.shopId}/${language}/${slug}`, () =>
    callApi(tenant, `/api/content/${language}/${encodeURIComponent(slug)}`, contentPageSchema).catch(
      (error: unknown) => {
        if (error instanceof ApiCallError && error.status === 404) return undefined;
        throw error;
      },
    ),
  );
}
