/**
 * Counts asked for by the testing switches: "the next `count` sends" (to one number, or to any).
 * Each use takes one off; 0 ends it. In memory, for the life of the process.
 */
export class Countdowns {
  readonly #left = new Map<string, number>();

  set(key: string, count: number): void {
    if (count === 0) this.#left.delete(key);
    else this.#left.set(key, count);
  }

  /** Whether the key still has a count; if so, uses one up. */
  take(key: string): boolean {
    const left = this.#left.get(key) ?? 0;
    if (left === 0) return false;
    this.set(key, left - 1);
    return true;
  }
}
