import { randomInt } from 'node:crypto';
import type { Balances } from '../operator/balances';
import { topupBehaviour } from '../operator/topups';
import {
  alreadyCancelled,
  alreadyConfirmed,
  externalIdUsed,
  noLongerCancellable,
  noLongerConfirmable,
} from './errors';
import { operatorOfNumber } from './operators';
import { callsBack, isFinal, STATUSES, type TransactionStatus } from './statuses';
import type { Purchase } from './transaction-amount';
import type { TransactionRequest } from './transaction-request';

/**
 * DT One transactions, in memory, one per `external_id` (a second request with a used one is
 * refused, so nothing is credited twice). A confirmed transaction moves CONFIRMED → SUBMITTED →
 * a final status; the number's last four digits choose how, as at the sandbox operator
 * (`topupBehaviour`):
 *
 * - `9999`: DECLINED-BARRED-CREDIT-PARTY, nothing credited;
 * - `8888`: SUBMITTED for `pendingTopupDelayMs`, then COMPLETED;
 * - anything else (`7777` too; its first answer is held by the routes): COMPLETED a few
 *   milliseconds after confirmation.
 *
 * A number that the product's operator does not own is DECLINED-INVALID-CREDIT-PARTY. COMPLETED
 * credits the operator's balance of the number; a reversal (a testing switch) debits it back.
 */

export interface Transaction {
  id: number;
  externalId: string;
  purchase: Purchase;
  mobileNumber: string;
  callbackUrl?: string;
  /** How a ranged product's amount was asked for; none for a fixed product. */
  calculationMode?: TransactionRequest['calculationMode'];
  status: TransactionStatus;
  createdAt: Date;
  /** Until when a CREATED transaction may be confirmed. */
  confirmBy: Date;
  confirmedAt?: Date;
  /** The operator's reference, once COMPLETED. */
  operatorReference?: string;
}

export interface TransactionsOptions {
  balances: Balances;
  pendingTopupDelayMs: number;
  /** Told of every status DT One calls back for (COMPLETED, DECLINED, REJECTED, REVERSED). */
  onCallbackStatus: (transaction: Transaction) => void;
}

/** The wait between two steps of a top-up: short, yet a caller sees the steps. */
export const PROGRESS_STEP_MS = 20;
/** How long a CREATED transaction may wait for its confirmation. */
export const CONFIRMATION_WINDOW_MS = 60 * 60 * 1000;
const FIRST_ID = 100_000_001;

export class Transactions {
  readonly #options: TransactionsOptions;
  readonly #byId = new Map<number, Transaction>();
  readonly #byExternalId = new Map<string, Transaction>();
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Called after every status change (waiters of `settled`). */
  readonly #watchers = new Set<() => void>();
  readonly #closing = new AbortController();
  #nextId = FIRST_ID;

  constructor(options: TransactionsOptions) {
    this.#options = options;
  }

  /** Makes the transaction (and confirms it with `auto_confirm`); 1007001 for a used `external_id`. */
  create(request: TransactionRequest, purchase: Purchase): Transaction {
    if (this.#byExternalId.has(request.externalId)) throw externalIdUsed(request.externalId);
    const createdAt = new Date();
    const transaction: Transaction = {
      id: this.#nextId++,
      externalId: request.externalId,
      purchase,
      mobileNumber: request.mobileNumber,
      ...(request.callbackUrl ? { callbackUrl: request.callbackUrl } : {}),
      ...(purchase.product.value === undefined ? { calculationMode: request.calculationMode } : {}),
      status: STATUSES.created,
      createdAt,
      confirmBy: new Date(createdAt.getTime() + CONFIRMATION_WINDOW_MS),
    };
    this.#byId.set(transaction.id, transaction);
    this.#byExternalId.set(transaction.externalId, transaction);
    if (request.autoConfirm) this.#confirm(transaction);
    return transaction;
  }

  get(id: number): Transaction | undefined {
    return this.#byId.get(id);
  }

  /** Every transaction, newest first. */
  all(): Transaction[] {
    return [...this.#byId.values()].reverse();
  }

  confirm(transaction: Transaction): void {
    if (transaction.status === STATUSES.cancelled) throw alreadyCancelled(transaction.id);
    if (transaction.status !== STATUSES.created) throw alreadyConfirmed(transaction.id);
    if (Date.now() > transaction.confirmBy.getTime()) {
      throw noLongerConfirmable(transaction.id, 'past its confirmation_expiration_date');
    }
    this.#confirm(transaction);
  }

  cancel(transaction: Transaction): void {
    if (transaction.status === STATUSES.cancelled) throw alreadyCancelled(transaction.id);
    if (transaction.status !== STATUSES.created) {
      throw noLongerCancellable(transaction.id, transaction.status.message);
    }
    this.#move(transaction, STATUSES.cancelled);
  }

  /** Turns a COMPLETED transaction into REVERSED and debits the credit back; false for any other. */
  reverse(transaction: Transaction): boolean {
    if (transaction.status !== STATUSES.completed) return false;
    this.#options.balances.credit(transaction.mobileNumber, -transaction.purchase.amount);
    this.#move(transaction, STATUSES.reversed);
    return true;
  }

  /** Resolves once the transaction is final, after `maxWaitMs` at the latest, or when closing. */
  settled(transaction: Transaction, maxWaitMs: number): Promise<void> {
    const closing = this.#closing.signal;
    if (isFinal(transaction.status) || closing.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#watchers.delete(watch);
        closing.removeEventListener('abort', done);
        resolve();
      };
      const watch = () => {
        if (isFinal(transaction.status)) done();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.#watchers.add(watch);
      closing.addEventListener('abort', done, { once: true });
    });
  }

  /** Stops every transaction where it is and ends the waits. */
  close(): void {
    this.#closing.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #confirm(transaction: Transaction): void {
    transaction.confirmedAt = new Date();
    this.#move(transaction, STATUSES.confirmed);
    const ownNumber = operatorOfNumber(transaction.mobileNumber) === transaction.purchase.product.operator;
    const behaviour = ownNumber ? topupBehaviour(transaction.mobileNumber) : 'invalid';
    const finish =
      behaviour === 'invalid'
        ? () => this.#move(transaction, STATUSES.declinedInvalidCreditParty)
        : behaviour === 'barred'
          ? () => this.#move(transaction, STATUSES.declinedBarredCreditParty)
          : () => this.#complete(transaction);
    const submittedFor = behaviour === 'pending' ? this.#options.pendingTopupDelayMs : PROGRESS_STEP_MS;
    this.#later(PROGRESS_STEP_MS, () => {
      this.#move(transaction, STATUSES.submitted);
      this.#later(submittedFor, finish);
    });
  }

  #complete(transaction: Transaction): void {
    transaction.operatorReference = `OP${String(randomInt(10 ** 10)).padStart(10, '0')}`;
    this.#options.balances.credit(transaction.mobileNumber, transaction.purchase.amount);
    this.#move(transaction, STATUSES.completed);
  }

  #move(transaction: Transaction, status: TransactionStatus): void {
    transaction.status = status;
    if (callsBack(status)) this.#options.onCallbackStatus(transaction);
    for (const watch of this.#watchers) watch();
  }

  #later(delayMs: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, delayMs);
    this.#timers.add(timer);
  }
}
