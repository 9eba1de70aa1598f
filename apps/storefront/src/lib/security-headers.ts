import type { TenantConfig } from '@shop/tenants';
import { isRenderRequest, renderPlaceholders } from './page-render';

/**
 * The security headers of every storefront response (decision 0016): a Content-Security-Policy
 * with a per-request nonce on pages, and the headers that need no nonce on every answer.
 * Pure: `src/proxy.ts` gives it the request's tenant, host and nonce and sets what it returns.
 */

/** Request header that hands a page's nonce from `src/proxy.ts` to the app. */
export const NONCE_HEADER = 'x-nonce';

/** The page's nonce: the render secret on the server's own render request, else a fresh one. */
export function nonceFor(renderHeader: string | null, renderSecret: string | undefined): string {
  return isRenderRequest(renderHeader, renderSecret) ? renderPlaceholders(renderSecret).nonce : newNonce();
}

export interface SecurityHeaderInput {
  /** The tenant named by the Host; undefined on the index of demo shops and on unknown hosts. */
  tenant: TenantConfig | undefined;
  /** The request's Host header (a port is allowed). */
  host: string;
  /** This page's nonce. Absent for answers that are not pages (API, static files): no CSP then. */
  nonce?: string | undefined;
  /** Origin of the payment provider's hosted pages, which some tenants show in an iframe. */
  paymentPagesOrigin: string;
  /** `next dev`: React needs eval there to rebuild server error stacks; never in a build. */
  development?: boolean;
  /**
   * Where the tenant's measurement tools load from and send to: given only for a shopper who
   * allowed statistics (decision 0047); before that no page may reach them.
   */
  measurementOrigins?: readonly string[];
  /**
   * The origin of the tenant's device-id script: given only for the checkout pages that load it
   * (decision 0049), whatever the shopper chose about statistics.
   */
  deviceIdOrigin?: string | undefined;
}

/** Features no page of the shop uses; `payment` is decided per tenant. */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
];

/** One year; browsers keep using HTTPS for the host for that long after each visit. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Whether the tenant shows any of the provider's pages (card, PayPal) in an iframe. */
export function embedsPaymentPages(tenant: TenantConfig | undefined): boolean {
  if (!tenant) return false;
  const { iFrameCreditCard, payPalIframeEnabledOnceOff, payPalIframeEnabledAutomatic } = tenant.settings;
  return iFrameCreditCard || payPalIframeEnabledOnceOff || payPalIframeEnabledAutomatic;
}

/** A development host (localhost, *.localhost, loopback addresses), served without TLS. */
export function isLocalHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '::1';
}

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether a path is a page (HTML) rather than the `/api/*` proxy, a build file under `/_next/`
 * or a public file (any last segment with an extension, e.g. `/assets/x/logo.svg`).
 */
export function isPagePath(pathname: string): boolean {
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/_next/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}

/** The Content-Security-Policy of a page of this tenant. */
export function contentSecurityPolicy({
  tenant,
  nonce,
  paymentPagesOrigin,
  development = false,
  measurementOrigins = [],
  deviceIdOrigin,
}: Omit<SecurityHeaderInput, 'host' | 'nonce'> & { nonce: string }): string {
  // Fraud-prevention scripts report to their own origin, so it may be reached as well as loaded.
  const deviceId = deviceIdOrigin ? [deviceIdOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Next.js puts the nonce on its own scripts; 'strict-dynamic' lets them load their chunks.
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(development ? ["'unsafe-eval'"] : []),
      ...measurementOrigins,
      ...deviceId,
    ],
    // sonner adds its stylesheet from script without a nonce, and a nonce would switch
    // 'unsafe-inline' off; inline CSS cannot run script.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...measurementOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...measurementOrigins, ...deviceId],
    'frame-src': embedsPaymentPages(tenant) ? [paymentPagesOrigin] : ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The Permissions-Policy of a page: nothing the shop does not use; payment for an embedded provider page. */
export function permissionsPolicy(tenant: TenantConfig | undefined, paymentPagesOrigin: string): string {
  const payment = embedsPaymentPages(tenant) ? `payment=(self "${paymentPagesOrigin}")` : 'payment=()';
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), payment].sort().join(', ');
}

/** Every security header of one response. */
export function securityHeaders(input: SecurityHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (!isLocalHost(input.host)) headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  if (input.nonce !== undefined) {
    headers['Content-Security-Policy'] = contentSecurityPolicy({ ...input, nonce: input.nonce });
    headers['Permissions-Policy'] = permissionsPolicy(input.tenant, input.paymentPagesOrigin);
  }
  return headers;
}
