import type { DatabaseHandle } from '@shop/db';
import { LRUCache } from 'lru-cache';

/** The channel on which the database tells of changed products (migration 0017), the tenant as payload. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * What a watcher of the cache hears: whether the cache hears the database (told at once, then at
 * every change), and each tenant whose answers it forgets (`'*'`: every tenant's), as it forgets them.
 */
export type CatalogueEvent = { listening: boolean } | { changed: string };

/**
 * Answers of catalogue calls, kept per tenant until its catalogue changes (decision 0052). Every
 * API process keeps its own and forgets a tenant's answers when the database notifies a change of
 * its products, whichever process or tool made it; while it cannot hear the database (the
 * connection broke) it keeps nothing.
 */
export interface CatalogueCache {
  /**
   * The value kept for `key` of the tenant, else `load`'s, kept unless the catalogue changed
   * meanwhile. A kept value is shared: whoever gets it must not change it.
   */
  answer<T extends string | object>(tenantId: string, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Tells `listener` what the cache forgets, when it forgets it, until the answered function
   * stops it: for whoever keeps something that must be forgotten at the same moments.
   */
  watch(listener: (event: CatalogueEvent) => void): () => void;
  close(): Promise<void>;
}

export interface CatalogueCacheOptions {
  /** Characters of answers kept at most (the least recently asked go first; a value not a string counts as 2,000). */
  maxCharacters?: number;
  /** A kept answer older than this is loaded again even without a change. */
  maxAgeMs?: number;
}

const OBJECT_SIZE = 2_000;

export async function openCatalogueCache(
  listen: DatabaseHandle['listen'],
  { maxCharacters = 32_000_000, maxAgeMs = 10 * 60_000 }: CatalogueCacheOptions = {},
): Promise<CatalogueCache> {
  const kept = new LRUCache<string, string | object>({
    maxSize: maxCharacters,
    sizeCalculation: (value, key) => (typeof value === 'string' ? value.length : OBJECT_SIZE) + key.length,
    ttl: maxAgeMs,
  });
  const loading = new Map<string, Promise<string | object>>();
  const changes = new Map<string, number>();
  let gaps = 0;
  let listening = false;
  const watchers = new Set<(event: CatalogueEvent) => void>();
  const tell = (event: CatalogueEvent) => {
    for (const watcher of watchers) watcher(event);
  };
  /** Bumped by every change of the tenant's catalogue and by every gap in hearing of them. */
  const versionOf = (tenantId: string) => `${gaps}.${changes.get(tenantId) ?? 0}`;

  const forget = (tenantId: string) => {
    if (tenantId === '*') {
      gaps += 1;
      kept.clear();
    } else changes.set(tenantId, (changes.get(tenantId) ?? 0) + 1);
    tell({ changed: tenantId });
  };
  const hear = (nowListening: boolean) => {
    if (nowListening === listening) return;
    listening = nowListening;
    tell({ listening });
  };
  const stop = await listen(CATALOGUE_CHANNEL, forget, (nowListening) => {
    hear(nowListening);
    forget('*');
  });

  return {
    answer: <T extends string | object>(tenantId: string, key: string, load: () => Promise<T>) => {
      if (!listening) return load();
      const version = versionOf(tenantId);
      const full = `${tenantId}\n${version}\n${key}`;
      const value = kept.get(full);
      if (value !== undefined) return Promise.resolve(value as T);
      const pending = loading.get(full);
      if (pending) return pending as Promise<T>;
      const loaded = load()
        .then((fresh) => {
          if (listening && versionOf(tenantId) === version) kept.set(full, fresh);
          return fresh;
        })
        .finally(() => loading.delete(full));
      loading.set(full, loaded);
      return loaded;
    },
    watch: (listener) => {
      watchers.add(listener);
      listener({ listening });
      return () => {
        watchers.delete(listener);
      };
    },
    close: async () => {
      hear(false);
      kept.clear();
      await stop();
    },
  };
}
