/**
 * Refusals asked for by `POST /outbox/failures`: the SMS/WhatsApp gateway refuses (503) the next
 * `count` messages to a number, as a real gateway does during an outage, so that the shop's
 * retries can be seen at work. Numbers are kept by their digits: with or without the leading `+`
 * they are the same number. In memory, for the life of the process.
 */
export class GatewayFailures {
  readonly #remaining = new Map<string, number>();

  /** From now on the next `count` messages to the number are refused (0: none; replaces an earlier count). */
  set(digits: string, count: number): void {
    if (count === 0) this.#remaining.delete(digits);
    else this.#remaining.set(digits, count);
  }

  /** How many of the next messages to the number will be refused. */
  remaining(digits: string): number {
    return this.#remaining.get(digits) ?? 0;
  }

  /** Whether this message to the number is refused; a refusal uses up one of its count. */
  refuses(digits: string): boolean {
    const left = this.remaining(digits);
    if (left === 0) return false;
    this.set(digits, left - 1);
    return true;
  }
}
