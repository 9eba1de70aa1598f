import { outage } from './errors';

/**
 * The failure switch (`POST /dtone/testing/failures`): the next `count` API calls answer a 5xx
 * in DT One's envelope before anything else happens, so nothing is made, changed or credited.
 */
export class FailureSwitch {
  #remaining = 0;
  #status = 503;

  arm(count: number, status: number): void {
    this.#remaining = count;
    this.#status = status;
  }

  /** Throws the outage if one is due for this call. */
  take(): void {
    if (this.#remaining === 0) return;
    this.#remaining -= 1;
    throw outage(this.#status);
  }
}
