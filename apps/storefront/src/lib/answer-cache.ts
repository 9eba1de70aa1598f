import 'server-only';

/**
 * Answers of the API that change seldom (texts, content pages, measurement ids), kept in memory
 * for `ttlMs` so that a page render costs no extra round trip; a failed load is not kept.
 */
export function answerCache<T>(ttlMs: number): (key: string, load: () => Promise<T>) => Promise<T> {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return (key, load) => {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = load();
    entries.set(key, { expires: Date.now() + ttlMs, value });
    value.catch(() => entries.delete(key));
    return value;
  };
}
