import { tenants } from '@shop/tenants';
import { type NextRequest, NextResponse } from 'next/server';
import { REQUEST_PATH_HEADER } from './lib/return-path';
import { isPagePath, NONCE_HEADER, newNonce, securityHeaders } from './lib/security-headers';

function paymentPagesOrigin(): string {
  const name = process.env.PAYMENT_PAGES_ORIGIN ? 'PAYMENT_PAGES_ORIGIN' : 'SANDBOX_URL';
  const value = process.env[name] ?? 'http://localhost:4100';
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`${name} must be a URL (the payment provider's pages), not "${value}"`);
  }
}

const PAYMENT_PAGES_ORIGIN = paymentPagesOrigin();

/**
 * Runs before every request (pages, `/api/*`, build and public files) and sets the security
 * headers of decision 0016. A page gets a fresh nonce: in the CSP of the answer, and in the
 * request's CSP and `x-nonce` headers, from which Next.js puts it on its own scripts; and its
 * own path and query in `x-request-path`, which server components cannot otherwise read.
 */
export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get('host') ?? '';
  const page = isPagePath(request.nextUrl.pathname);
  const nonce = page ? newNonce() : undefined;
  const headers = securityHeaders({
    tenant: tenants().byHost(host),
    host,
    nonce,
    paymentPagesOrigin: PAYMENT_PAGES_ORIGIN,
    development: process.env.NODE_ENV === 'development',
  });

  let response: NextResponse;
  if (nonce) {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set(NONCE_HEADER, nonce);
    requestHeaders.set('content-security-policy', headers['Content-Security-Policy'] ?? '');
    // The header's sign-in link names the page to come back to.
    requestHeaders.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next();
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
