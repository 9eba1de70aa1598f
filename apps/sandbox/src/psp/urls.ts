import type { Payment, Token } from './types';

/** The URLs the sandbox payment provider hands out. */
export class PspUrls {
  /** @param publicBaseUrl where shoppers reach the sandbox, without a trailing slash */
  constructor(readonly publicBaseUrl: string) {}

  /** The hosted payment page: `{publicBaseUrl}/psp/pay/{paymentId}`. */
  payer(paymentId: string): string {
    return `${this.publicBaseUrl}${payPath(paymentId)}`;
  }

  /** The page where a shopper saves a payment method: `{publicBaseUrl}/psp/save/{tokenId}`. */
  saver(tokenId: string): string {
    return `${this.publicBaseUrl}${savePath(tokenId)}`;
  }
}

/** The site-relative path of a payment's hosted page; actions are below it. */
export function payPath(paymentId: string): string {
  return `/psp/pay/${encodeURIComponent(paymentId)}`;
}

/** The site-relative path of a token's hosted page; actions are below it. */
export function savePath(tokenId: string): string {
  return `/psp/save/${encodeURIComponent(tokenId)}`;
}

/**
 * The shop's return URL with `paymentId` and `status` added to its query, and PayPal's `token`
 * and `approval_session_id` for a payment in PayPal's iframe mode.
 */
export function returnUrlFor(payment: Payment): string {
  const url = new URL(payment.returnUrl);
  url.searchParams.set('paymentId', payment.paymentId);
  url.searchParams.set('status', payment.status);
  if (payment.paypal) {
    url.searchParams.set('token', payment.paypal.orderToken);
    if (payment.paypal.approvalSessionId) {
      url.searchParams.set('approval_session_id', payment.paypal.approvalSessionId);
    }
  }
  return url.toString();
}

/** The shop's return URL with `tokenId` and `status` added to its query. */
export function tokenReturnUrlFor(token: Token): string {
  const url = new URL(token.returnUrl);
  url.searchParams.set('tokenId', token.tokenId);
  url.searchParams.set('status', token.status);
  return url.toString();
}
