import { setTimeout as sleep } from 'node:timers/promises';
import { onChannel } from './addresses';
import type { OutboundMessage, OutboundStatus } from './messages';
import { segmentCount } from './segments';
import type { StatusCallbacks } from './status-callbacks';
import type { Outcome } from './test-numbers';

/**
 * What becomes of an accepted message. A message sent from a number starts `queued`, then is
 * `sent` and ends `delivered` or `undelivered`, or goes from `queued` to `failed`. A message sent
 * through a Messaging Service starts `accepted` and is `queued` once the service has chosen a
 * sender; the rest is the same. Each change after the first comes after `stepDelayMs` and is
 * reported by a status callback (Twilio sends none for the first status).
 */

/** Twilio's magic sender: the one a Messaging Service chooses when the message names none. */
export const MESSAGING_SERVICE_SENDER = '+15005550006';

export function statusesAfterCreation(message: OutboundMessage, outcome: Outcome): OutboundStatus[] {
  const queued: OutboundStatus[] = message.status === 'accepted' ? ['queued'] : [];
  return outcome.status === 'failed' ? [...queued, 'failed'] : [...queued, 'sent', outcome.status];
}

export class Deliveries {
  constructor(
    private readonly stepDelayMs: number,
    private readonly callbacks: StatusCallbacks,
    private readonly closing: AbortSignal,
  ) {}

  /** Takes the message through its statuses in the background; stops when the sandbox closes. */
  start(message: OutboundMessage, outcome: Outcome): void {
    void this.#run(message, outcome);
  }

  async #run(message: OutboundMessage, outcome: Outcome): Promise<void> {
    for (const status of statusesAfterCreation(message, outcome)) {
      try {
        await sleep(this.stepDelayMs, undefined, { signal: this.closing });
      } catch {
        return;
      }
      advance(message, status, outcome);
      this.callbacks.notify(message);
    }
  }
}

function advance(message: OutboundMessage, status: OutboundStatus, outcome: Outcome, now = new Date()): void {
  message.status = status;
  message.dateUpdated = now;
  if (status === 'queued') {
    message.from ??= onChannel(message.channel, MESSAGING_SERVICE_SENDER);
    message.numSegments = segmentCount(message.body);
  }
  if (status === 'sent') message.dateSent = now;
  if (outcome.status !== 'delivered' && status === outcome.status) {
    message.errorCode = outcome.errorCode;
    message.errorMessage = outcome.errorMessage;
  }
}
