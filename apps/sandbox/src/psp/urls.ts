import type { Payment } from './types';

/** The URLs the sandbox payment provider hands out. */
export class PspUrls {
  /** @param publicBaseUrl where shoppers reach the sandbox, without a trailing slash */
  constructor(readonly publicBaseUrl: string) {}

  /** The hosted payment page: `{publicBaseUrl}/psp/pay/{paymentId}`. */
  payer(paymentId: string): string {
    return `${this.publicBaseUrl}${payPath(paymentId)}`;
  }

  /** The 3-D Secure page of a payment. */
  authentication(paymentId: string): string {
    return `${this.payer(paymentId)}/3ds`;
  }
}

/** The site-relative path of a payment's hosted page; actions are below it. */
export function payPath(paymentId: string): string {
  return `/psp/pay/${encodeURIComponent(paymentId)}`;
}

/** The shop's return URL with `paymentId` and `status` added to its query. */
export function returnUrlFor(payment: Payment): string {
  const url = new URL(payment.returnUrl);
  url.searchParams.set('paymentId', payment.paymentId);
  url.searchParams.set('status', payment.status);
  return url.toString();
}
