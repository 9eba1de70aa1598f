import { LRUCache } from 'lru-cache';
import type { PageBody } from './page-body';

/** A rendered answer: its status, its headers (the nonce's placeholder in them too) and its body. */
export interface RenderedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: PageBody;
}

/** A change of the catalogue as the API tells of it: a tenant's (or `*`, all), or whether it hears of changes at all. */
export type CatalogueEvent = { changed: string } | { listening: boolean };

/**
 * Rendered pages kept per tenant until its catalogue changes (decision 0054), the storefront's
 * twin of the API's catalogue cache: it keeps nothing while it does not hear of changes, forgets
 * a tenant's pages when told, and keeps a page rendered while a change arrived for no one.
 */
export interface PageCache {
  /** The kept answer for `key`, else `render`'s, kept when it is a whole page (200, no cookie set). */
  page(
    tenantId: string,
    key: string,
    render: () => Promise<RenderedPage>,
  ): Promise<{ page: RenderedPage; kept: boolean }>;
  /** Whether answers are kept now. */
  readonly keeping: boolean;
  hear(event: CatalogueEvent): void;
}

const keepable = (page: RenderedPage) =>
  page.status === 200 && !page.headers.some(([name]) => name === 'set-cookie');

const sizeOf = (page: RenderedPage) =>
  [...page.body.parts, ...page.body.deflatedParts].reduce((sum, part) => sum + part.length, 1);

export function createPageCache({
  maxBytes = 256 * 1024 * 1024,
  maxAgeMs = 10 * 60_000,
  changeSettleMs = 2_000,
}: {
  maxBytes?: number;
  maxAgeMs?: number;
  /**
   * How long after a change a render is served but not kept: every API process hears a change a
   * little apart, and one that hears it after this storefront could still answer from before it.
   */
  changeSettleMs?: number;
} = {}): PageCache {
  const kept = new LRUCache<string, RenderedPage>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttl: maxAgeMs,
  });
  const rendering = new Map<string, Promise<RenderedPage>>();
  const changes = new Map<string, number>();
  const changedAt = new Map<string, number>();
  let allChangedAt = Number.NEGATIVE_INFINITY;
  let gaps = 0;
  let listening = false;
  const versionOf = (tenantId: string) => `${gaps}.${changes.get(tenantId) ?? 0}`;
  const forgetAll = () => {
    gaps += 1;
    kept.clear();
  };

  return {
    get keeping() {
      return listening;
    },
    hear(event) {
      if ('listening' in event) {
        listening = event.listening;
        forgetAll();
      } else if (event.changed === '*') {
        forgetAll();
        allChangedAt = Date.now();
      } else {
        changes.set(event.changed, (changes.get(event.changed) ?? 0) + 1);
        changedAt.set(event.changed, Date.now());
      }
    },
    async page(tenantId, key, render) {
      const settling =
        Date.now() - Math.max(allChangedAt, changedAt.get(tenantId) ?? Number.NEGATIVE_INFINITY) <
        changeSettleMs;
      if (!listening || settling) return { page: await render(), kept: false };
      const version = versionOf(tenantId);
      const full = `${tenantId}\n${version}\n${key}`;
      const found = kept.get(full);
      if (found) return { page: found, kept: true };
      let pending = rendering.get(full);
      if (!pending) {
        pending = render()
          .then((fresh) => {
            if (listening && versionOf(tenantId) === version && keepable(fresh)) kept.set(full, fresh);
            return fresh;
          })
          .finally(() => rendering.delete(full));
        rendering.set(full, pending);
      }
      return { page: await pending, kept: false };
    },
  };
}
