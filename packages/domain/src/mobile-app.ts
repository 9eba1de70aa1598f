import type { PaymentUiStatus } from './payment';
import { withoutLeadingPlus } from './phone-prefix';

/**
 * How an order ended, as the deep link back to the app tells it (decision 0050): the app shows
 * its own screen for each.
 */
export const APP_OUTCOMES = ['success', 'pending', 'failure', 'refunded', 'partial'] as const;
export type AppOutcome = (typeof APP_OUTCOMES)[number];

/** The message of a commit that stayed pending past its last poll (spec §4 commit flow, step 3). */
const TIMED_OUT = 'paymentOperationTimedOut';

/** The outcome the app is told for a final result of the shop's commit flow (spec §4). */
export function appOutcome(result: { status: PaymentUiStatus; messageKey?: string }): AppOutcome {
  switch (result.status) {
    case 'Success':
      return 'success';
    case 'Pending':
      return 'pending';
    case 'Refunded':
      return 'refunded';
    case 'PartialSuccess':
    case 'PartiallyRefunded':
      return 'partial';
    case 'Failure':
      return result.messageKey === TIMED_OUT ? 'pending' : 'failure';
  }
}

/** A URL without its query and fragment: what an allowed return address is compared by. */
function withoutQuery(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? '';
}

/**
 * Whether the app may be sent back to `returnUrl`: its address without query is the tenant's
 * deep link or one of its other return addresses (the app's signature alone does not make any
 * address safe to send a shopper to).
 */
export function isAllowedAppReturnUrl(returnUrl: string, allowed: readonly string[]): boolean {
  const address = withoutQuery(returnUrl);
  return address !== '' && allowed.some((candidate) => withoutQuery(candidate) === address);
}

export interface AppReturn {
  orderNumber: string;
  outcome: AppOutcome;
  /** The app's number, written as the tenant sends numbers to the app. */
  msisdn?: string;
}

/** The deep link that hands the shopper back to the app: its return address with the order's outcome. */
export function appDeepLink(returnUrl: string, result: AppReturn): string {
  const params = new URLSearchParams({ orderNumber: result.orderNumber, outcome: result.outcome });
  if (result.msisdn) params.set('msisdn', result.msisdn);
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * A number as a tenant hands it on to the app and the operator: E.164 with its `+`, or without
 * it where the tenant's setting `stripLeadingPlus` says so (spec §5: one tenant type removes it).
 */
export function outgoingMsisdn(msisdn: string, stripLeadingPlus: boolean): string {
  return stripLeadingPlus ? withoutLeadingPlus(msisdn) : msisdn;
}
