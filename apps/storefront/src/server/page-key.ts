import { pageSlugsOf, type TenantConfig } from '@shop/tenants';
import { parse as parseCookies } from 'cookie';
import { COOKIE_NAMES } from '../lib/cookie-names';
import { LANGUAGE_PARAMETER } from '../lib/site-urls';

/** What a page request carries that decides whether and how it may be answered from the page cache. */
export interface PageRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * The cookies a kept page may depend on: each value is part of the key. A request with any other
 * cookie (a session, a cart, a channel, statistics) is rendered for the shopper alone.
 */
const KEYED_COOKIES: readonly string[] = [COOKIE_NAMES.locale, COOKIE_NAMES.theme, COOKIE_NAMES.consent];

/** Headers of the framework's own navigations and actions: those answers are not the page's HTML. */
const FRAMEWORK_HEADERS: readonly string[] = [
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
];

/**
 * The pages that are the same for every shopper of a tenant, language, theme and consent, and
 * change only with the catalogue or a deployment (decision 0054).
 */
export function isSharedPage(tenant: TenantConfig, pathname: string): boolean {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first, second, third, ...rest] = segments;
  if (first === undefined) return true;
  if (first === 'shop') {
    if (second === undefined) return true;
    return second !== 'checkout' && third !== undefined && rest.length === 0;
  }
  // The blog's posts live in the database without a notification of their changes.
  if (first === 'blog') return false;
  return second === undefined && pageSlugsOf(tenant).includes(first);
}

/**
 * Query parameters that make a page the shopper's own: a light top-up's link (decision 0042),
 * whose state the page asks the API for and which changes when the link is used.
 */
const OWN_QUERY_PARAMETERS: readonly string[] = ['hash', 'notificationCode', LANGUAGE_PARAMETER];

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * The key of the kept page that answers this request, or undefined when it must be rendered for
 * it alone. The key holds everything the page is rendered from: the host, the path and query,
 * the protocol the shopper came by, and the keyed cookies.
 */
export function pageKeyOf(tenant: TenantConfig, request: PageRequest): string | undefined {
  if (request.method !== 'GET') return undefined;
  if (FRAMEWORK_HEADERS.some((name) => request.headers[name] !== undefined)) return undefined;
  const url = new URL(request.url, 'http://shop');
  if (OWN_QUERY_PARAMETERS.some((name) => url.searchParams.has(name)) || !isSharedPage(tenant, url.pathname))
    return undefined;
  const cookies = parseCookies(single(request.headers.cookie) ?? '');
  if (Object.keys(cookies).some((name) => !KEYED_COOKIES.includes(name))) return undefined;
  return [
    single(request.headers.host) ?? '',
    single(request.headers['x-forwarded-proto']) ?? '',
    request.url,
    ...KEYED_COOKIES.map((name) => cookies[name] ?? ''),
  ].join('\n');
}
