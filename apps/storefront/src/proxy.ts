import { parseConsent } from '@shop/domain';
import { tenants } from '@shop/tenants';
import { type NextRequest, NextResponse } from 'next/server';
import { COOKIE_NAMES } from './lib/cookie-names';
import { deviceIdScriptOrigin } from './lib/device-id-script';
import { isUnknownPath } from './lib/known-paths';
import { measurementOrigins } from './lib/measurement-scripts';
import { PAGE_RENDER_HEADER } from './lib/page-render';
import { PREFERENCE_MAX_AGE_SECONDS } from './lib/preference-cookie';
import { REQUEST_PATH_HEADER } from './lib/return-path';
import { isLocalHost, isPagePath, NONCE_HEADER, nonceFor, securityHeaders } from './lib/security-headers';
import { LANGUAGE_PARAMETER } from './lib/site-urls';
import { unconsentedCookieRemovals } from './lib/unconsented-cookies';

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
const MEASUREMENT_ORIGINS = measurementOrigins();

/** The language `?lang=` names, where the shop offers it. */
function chosenLanguage(request: NextRequest, locales: readonly string[]): string | undefined {
  const requested = request.nextUrl.searchParams.get(LANGUAGE_PARAMETER)?.toLowerCase();
  return requested && locales.includes(requested) ? requested : undefined;
}

/** The request's cookies with one set to a value (the rest as they were). */
function withCookie(request: NextRequest, name: string, value: string): string {
  const others = request.cookies
    .getAll()
    .filter((cookie) => cookie.name !== name)
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`);
  return [...others, `${name}=${value}`].join('; ');
}

/**
 * Runs before every request (pages, `/api/*`, build and public files) and sets the security
 * headers of decision 0016. A page gets a fresh nonce: in the CSP of the answer, and in the
 * request's CSP and `x-nonce` headers, from which Next.js puts it on its own scripts; and its
 * own path and query in `x-request-path`, which server components cannot otherwise read.
 */
export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get('host') ?? '';
  const page = isPagePath(request.nextUrl.pathname);
  const nonce = page
    ? nonceFor(request.headers.get(PAGE_RENDER_HEADER), process.env.PAGE_RENDER_SECRET)
    : undefined;
  const tenant = tenants().byHost(host);
  const statisticsAllowed =
    parseConsent(request.cookies.get(COOKIE_NAMES.consent)?.value)?.statistics === true;
  const headers = securityHeaders({
    tenant,
    host,
    nonce,
    paymentPagesOrigin: PAYMENT_PAGES_ORIGIN,
    development: process.env.NODE_ENV === 'development',
    ...(statisticsAllowed ? { measurementOrigins: MEASUREMENT_ORIGINS } : {}),
    deviceIdOrigin: page ? deviceIdScriptOrigin(tenant, request.nextUrl.pathname) : undefined,
  });

  if (page && tenant && isUnknownPath(request.nextUrl.pathname, tenant)) {
    const moved = NextResponse.redirect(new URL('/not-found', request.nextUrl), 301);
    for (const [name, value] of Object.entries(headers)) moved.headers.set(name, value);
    return moved;
  }
  const language = page && tenant ? chosenLanguage(request, tenant.locales) : undefined;
  let response: NextResponse;
  if (nonce) {
    const requestHeaders = new Headers(request.headers);
    // `?lang=` chooses the page's language (its own URL, for search engines too) and keeps it.
    if (language) requestHeaders.set('cookie', withCookie(request, COOKIE_NAMES.locale, language));
    requestHeaders.set(NONCE_HEADER, nonce);
    requestHeaders.set('content-security-policy', headers['Content-Security-Policy'] ?? '');
    // The header's sign-in link names the page to come back to.
    requestHeaders.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next();
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (page && tenant && !statisticsAllowed) {
    const sent = request.cookies.getAll().map((cookie) => cookie.name);
    const domain = isLocalHost(host) ? undefined : tenant.domain;
    for (const removal of unconsentedCookieRemovals(sent, domain))
      response.headers.append('Set-Cookie', removal);
  }
  if (language) {
    response.cookies.set(COOKIE_NAMES.locale, language, {
      path: '/',
      maxAge: PREFERENCE_MAX_AGE_SECONDS,
      sameSite: 'strict',
      secure: request.nextUrl.protocol === 'https:',
    });
  }
  return response;
}
