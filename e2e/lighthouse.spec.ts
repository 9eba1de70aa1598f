import { mainPagePath } from '@shop/tenants';
import lighthouse from 'lighthouse';
import { ports } from '../playwright.config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { chromium, expect, test } from './fixtures';
import { demoTenants, shopUrl } from './shop';

/**
 * Lighthouse's search-engine and accessibility audits (issue 17: 100 on every main page and on a
 * content page of each shop), in a Chromium of its own that Lighthouse drives. These audits
 * check the page's markup, not its speed, so they hold on a busy machine too.
 */

const CATEGORIES = ['seo', 'accessibility'] as const;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The audits of a category that did not pass, by id and title. */
function failedAudits(report: Report, category: string): string[] {
  const refs = report.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id}: ${audit?.title}`);
}

for (const tenant of demoTenants) {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test names; this one needs none
  test(`${tenant.shopId}: Lighthouse finds nothing for search engines or accessibility on the main and the privacy page`, async ({}, testInfo) => {
    test.setTimeout(90_000);
    const port = 9400 + ports.storefront - 3300 + testInfo.parallelIndex;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    try {
      for (const path of [mainPagePath(tenant), '/privacy']) {
        const result = await lighthouse(shopUrl(tenant.shopId, path), {
          port,
          onlyCategories: [...CATEGORIES],
          logLevel: 'error',
        });
        const report = result?.lhr;
        if (!report) throw new Error(`Lighthouse gave no report for ${path}`);
        expect(report.runtimeError, path).toBeUndefined();
        for (const category of CATEGORIES) {
          expect(failedAudits(report, category), `${category} on ${path}`).toEqual([]);
          expect(report.categories[category]?.score, `${category} on ${path}`).toBe(1);
        }
      }
    } finally {
      await browser.close();
    }
  });
}
