/**
 * Idempotency keys (the payment provider's `Idempotency-Key`, the operator's client references):
 * the first answer given for a key is remembered with a fingerprint of the request. The same key
 * with the same request gets that answer again; with another request it is a conflict. Kept in
 * memory for the life of the process.
 */

export type IdempotentLookup<T> = { kind: 'new' } | { kind: 'replay'; answer: T } | { kind: 'conflict' };

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` have the same fingerprint. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export class IdempotencyStore<T> {
  readonly #entries = new Map<string, { fingerprint: string; answer: T }>();

  /** What a request with this key and body gets: a fresh run, the remembered answer, or a conflict. */
  lookup(key: string, body: unknown): IdempotentLookup<T> {
    const entry = this.#entries.get(key);
    if (!entry) return { kind: 'new' };
    return entry.fingerprint === fingerprint(body ?? null)
      ? { kind: 'replay', answer: entry.answer }
      : { kind: 'conflict' };
  }

  /** The answer remembered for a key, whatever the request. */
  get(key: string): T | undefined {
    return this.#entries.get(key)?.answer;
  }

  /** Every answer remembered, oldest first. */
  answers(): T[] {
    return [...this.#entries.values()].map((entry) => entry.answer);
  }

  /** Remembers the answer to the first request with this key. */
  remember(key: string, body: unknown, answer: T): void {
    this.#entries.set(key, { fingerprint: fingerprint(body ?? null), answer });
  }
}
