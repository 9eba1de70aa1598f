import { randomInt } from 'node:crypto';
import { IdempotencyStore } from '../idempotency';
import { randomId } from '../ids';
import type { Balances } from './balances';
import type { TopupRequest } from './validation';

/**
 * Top-ups of the sandbox operator, idempotent by the caller's `clientReference`: the same
 * reference with the same request answers the same top-up (as it is now) and never credits
 * twice; with another request it is a conflict. What happens follows the number's last four
 * digits ({@link topupBehaviour}). Kept in memory; `close()` stops pending top-ups and releases
 * held answers.
 */

export type TopupStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface Topup extends TopupRequest {
  topupId: string;
  status: TopupStatus;
  /** Why a FAILED top-up failed. */
  reason?: 'NUMBER_BARRED';
  /** The operator's own reference, once SUCCEEDED. */
  operatorReference?: string;
  /** The number's balance right after the credit, once SUCCEEDED. */
  balanceAfter?: number;
}

/**
 * - `barred` (…9999): FAILED with reason `NUMBER_BARRED`, nothing credited.
 * - `pending` (…8888): PENDING, then SUCCEEDED (and credited) after `pendingTopupDelayMs`.
 * - `slow-answer` (…7777): SUCCEEDED and credited at once, but the first answer is held back
 *   for `slowAnswerDelayMs`; a repeat of the reference is answered at once.
 * - `instant`: SUCCEEDED and credited at once.
 */
export type TopupBehaviour = 'barred' | 'pending' | 'slow-answer' | 'instant';

const BEHAVIOUR_BY_ENDING: Readonly<Record<string, TopupBehaviour>> = {
  '9999': 'barred',
  '8888': 'pending',
  '7777': 'slow-answer',
};

export function topupBehaviour(msisdn: string): TopupBehaviour {
  return BEHAVIOUR_BY_ENDING[msisdn.slice(-4)] ?? 'instant';
}

export type TopupStart =
  | { kind: 'new'; topup: Topup; holdAnswer: boolean }
  | { kind: 'replay'; topup: Topup }
  | { kind: 'conflict' };

export interface TopupServiceOptions {
  balances: Balances;
  pendingTopupDelayMs: number;
  slowAnswerDelayMs: number;
  /** Waits out a held answer; must end when `closing` aborts. */
  holdSlowAnswer: (delayMs: number, closing: AbortSignal) => Promise<unknown>;
}

export class TopupService {
  readonly #options: TopupServiceOptions;
  readonly #byReference = new IdempotencyStore<Topup>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #closing = new AbortController();

  constructor(options: TopupServiceOptions) {
    this.#options = options;
  }

  /** Starts the top-up for a new reference; answers the existing one for a repeated reference. */
  start(request: TopupRequest): TopupStart {
    const earlier = this.#byReference.lookup(request.clientReference, request);
    if (earlier.kind === 'conflict') return earlier;
    if (earlier.kind === 'replay') return { kind: 'replay', topup: earlier.answer };
    const topup: Topup = { ...request, topupId: randomId('top'), status: 'PENDING' };
    this.#byReference.remember(request.clientReference, request, topup);
    const behaviour = topupBehaviour(request.msisdn);
    if (behaviour === 'barred') {
      topup.status = 'FAILED';
      topup.reason = 'NUMBER_BARRED';
    } else if (behaviour === 'pending') {
      this.#later(() => this.#succeed(topup), this.#options.pendingTopupDelayMs);
    } else {
      this.#succeed(topup);
    }
    return { kind: 'new', topup, holdAnswer: behaviour === 'slow-answer' };
  }

  get(clientReference: string): Topup | undefined {
    return this.#byReference.get(clientReference);
  }

  /** Every top-up, oldest first. */
  all(): Topup[] {
    return this.#byReference.answers();
  }

  /** Waits `slowAnswerDelayMs` before a held answer goes out; at once when the app closes. */
  async holdAnswer(): Promise<void> {
    try {
      await this.#options.holdSlowAnswer(this.#options.slowAnswerDelayMs, this.#closing.signal);
    } catch {
      // Closing: the held answer goes out now.
    }
  }

  /** Stops pending top-ups (they stay PENDING) and releases held answers. */
  close(): void {
    this.#closing.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #succeed(topup: Topup): void {
    topup.status = 'SUCCEEDED';
    topup.operatorReference = `OP${String(randomInt(10 ** 10)).padStart(10, '0')}`;
    topup.balanceAfter = this.#options.balances.credit(topup.msisdn, topup.amount);
  }

  #later(run: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, delayMs);
    this.#timers.add(timer);
  }
}

/** A top-up as callers see it: `{ topupId, clientReference, msisdn, amount, currency, status, … }`. */
export function topupView(topup: Topup): Record<string, unknown> {
  return {
    topupId: topup.topupId,
    clientReference: topup.clientReference,
    msisdn: topup.msisdn,
    msisdnAsSent: topup.msisdnAsSent,
    amount: topup.amount,
    currency: topup.currency,
    status: topup.status,
    ...(topup.reason ? { reason: topup.reason } : {}),
    ...(topup.operatorReference ? { operatorReference: topup.operatorReference } : {}),
    ...(topup.balanceAfter === undefined ? {} : { balanceAfter: topup.balanceAfter }),
  };
}
