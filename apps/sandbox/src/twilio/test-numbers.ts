import { digitsOf } from './addresses';
import { type TwilioError, twilioErrors } from './errors';

/**
 * The numbers whose messages the stand-in treats specially.
 *
 * Twilio's magic test numbers (https://www.twilio.com/docs/iam/test-credentials): as `To`,
 * +15005550001 is invalid (21211), +15005550002 cannot be routed (21612), +15005550003 lies in a
 * region without permission (21408), +15005550004 is blocked (21610) and +15005550009 cannot take
 * SMS (21614); as `From`, +15005550001 is invalid (21212), +15005550007 is not the account's
 * (21606) and +15005550008 has a full queue (21611). Any other number is valid, and any other
 * sender is taken as the account's.
 *
 * The sandbox's own: a recipient whose number ends in one of the delivery error codes below is
 * accepted and then fails as a carrier would report it, through the status callbacks.
 */

export function refusalOfRecipient(to: string, from: string): TwilioError | undefined {
  switch (digitsOf(to)) {
    case '15005550001':
      return twilioErrors.invalidTo(to);
    case '15005550002':
      return twilioErrors.unreachable(to, from);
    case '15005550003':
      return twilioErrors.regionNotEnabled(to);
    case '15005550004':
      return twilioErrors.unsubscribed();
    case '15005550009':
      return twilioErrors.notMobile();
    default:
      return undefined;
  }
}

export function refusalOfSender(from: string): TwilioError | undefined {
  switch (digitsOf(from)) {
    case '15005550001':
      return twilioErrors.invalidFrom(from);
    case '15005550007':
      return twilioErrors.fromNotOwned(from);
    case '15005550008':
      return twilioErrors.queueFull();
    default:
      return undefined;
  }
}

/** How an accepted message ends: delivered, or undelivered or failed with Twilio's error code. */
export type Outcome =
  | { status: 'delivered' }
  | { status: 'undelivered' | 'failed'; errorCode: number; errorMessage: string };

/** Delivery errors by the last five digits of the recipient's number. */
const DELIVERY_ERRORS: Readonly<Record<string, Outcome>> = {
  '30001': { status: 'failed', errorCode: 30001, errorMessage: 'Queue overflow' },
  '30003': { status: 'undelivered', errorCode: 30003, errorMessage: 'Unreachable destination handset' },
  '30005': { status: 'undelivered', errorCode: 30005, errorMessage: 'Unknown destination handset' },
  '30006': { status: 'undelivered', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' },
  '30008': { status: 'undelivered', errorCode: 30008, errorMessage: 'Unknown error' },
};

export function outcomeFor(to: string): Outcome {
  return DELIVERY_ERRORS[digitsOf(to).slice(-5)] ?? { status: 'delivered' };
}
