/** How the gateway refuses: for now (503, as during an outage) or for good (400, the number takes no messages). */
export type Refusal = 'for now' | 'for good';

/**
 * Refusals asked for by `POST /outbox/failures`: the SMS/WhatsApp gateway refuses the next
 * `count` messages to a number, as a real gateway does during an outage (503), or, with
 * `permanent`, as it does for a number that takes no messages (400, like Twilio's 21211 or
 * 21610), so that the shop's retries, and its giving up, can be seen at work. Numbers are kept by
 * their digits: with or without the leading `+` they are the same number. In memory, for the
 * life of the process.
 */
export class GatewayFailures {
  readonly #remaining = new Map<string, { count: number; refusal: Refusal }>();

  /** From now on the next `count` messages to the number are refused (0: none; replaces an earlier count). */
  set(digits: string, count: number, refusal: Refusal = 'for now'): void {
    if (count === 0) this.#remaining.delete(digits);
    else this.#remaining.set(digits, { count, refusal });
  }

  /** How many of the next messages to the number will be refused. */
  remaining(digits: string): number {
    return this.#remaining.get(digits)?.count ?? 0;
  }

  /** Whether and how this message to the number is refused; a refusal uses up one of its count. */
  refuses(digits: string): Refusal | undefined {
    const left = this.#remaining.get(digits);
    if (!left) return undefined;
    this.set(digits, left.count - 1, left.refusal);
    return left.refusal;
  }
}
