import type { DatabaseHandle } from '@shop/db';
import { LRUCache } from 'lru-cache';

/** The channel on which the database tells of changed products (migration 0017), the tenant as payload. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Answers of catalogue calls, kept per tenant until its catalogue changes (decision 0052). Every
 * API process keeps its own and forgets a tenant's answers when the database notifies a change of
 * its products, whichever process or tool made it; while it cannot hear the database (the
 * connection broke) it keeps nothing.
 */
export interface CatalogueCache {
  /** The answer kept for `key` of the tenant, else `load`'s, kept unless the catalogue changed meanwhile. */
  answer(tenantId: string, key: string, load: () => Promise<string>): Promise<string>;
  close(): Promise<void>;
}

export interface CatalogueCacheOptions {
  /** Characters of answers kept at most (the least recently asked go first). */
  maxCharacters?: number;
  /** A kept answer older than this is loaded again even without a change. */
  maxAgeMs?: number;
}

export async function openCatalogueCache(
  listen: DatabaseHandle['listen'],
  { maxCharacters = 32_000_000, maxAgeMs = 10 * 60_000 }: CatalogueCacheOptions = {},
): Promise<CatalogueCache> {
  const kept = new LRUCache<string, string>({
    maxSize: maxCharacters,
    sizeCalculation: (answer, key) => answer.length + key.length,
    ttl: maxAgeMs,
  });
  const loading = new Map<string, Promise<string>>();
  const changes = new Map<string, number>();
  let gaps = 0;
  let listening = false;
  /** Bumped by every change of the tenant's catalogue and by every gap in hearing of them. */
  const versionOf = (tenantId: string) => `${gaps}.${changes.get(tenantId) ?? 0}`;

  const forget = (tenantId: string) => {
    if (tenantId === '*') {
      gaps += 1;
      kept.clear();
    } else changes.set(tenantId, (changes.get(tenantId) ?? 0) + 1);
  };
  const stop = await listen(CATALOGUE_CHANNEL, forget, (nowListening) => {
    listening = nowListening;
    forget('*');
  });

  return {
    answer: (tenantId, key, load) => {
      if (!listening) return load();
      const version = versionOf(tenantId);
      const full = `${tenantId}\n${version}\n${key}`;
      const answer = kept.get(full);
      if (answer !== undefined) return Promise.resolve(answer);
      const pending = loading.get(full);
      if (pending) return pending;
      const loaded = load()
        .then((fresh) => {
          if (listening && versionOf(tenantId) === version) kept.set(full, fresh);
          return fresh;
        })
        .finally(() => loading.delete(full));
      loading.set(full, loaded);
      return loaded;
    },
    close: async () => {
      listening = false;
      kept.clear();
      await stop();
    },
  };
}
