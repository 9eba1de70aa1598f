import { pageSlugsOf, type TenantConfig } from '@shop/tenants';

/** The first segments of the shop's own routes (`src/app`) other than its content pages. */
export const ROUTE_SEGMENTS: readonly string[] = [
  'account',
  'api',
  'cookie-consent',
  'login',
  'logout',
  'not-found',
  'reset-password',
  'robots.txt',
  'shop',
  'sitemap.xml',
];

/** The folders of `public` and the framework's own files. */
export const FILE_SEGMENTS: readonly string[] = [
  '_next',
  'assets',
  'brands',
  'card-brands',
  'illustrations',
  'payment-methods',
];

/**
 * Whether no route of the shop can answer this path: its first segment is none of the shop's
 * routes or folders, nor (alone) one of the tenant's content or advertisement pages. Spec §2
 * sends such a request on to `/not-found` for good (301).
 */
export function isUnknownPath(pathname: string, tenant: TenantConfig): boolean {
  const [first, ...rest] = pathname.split('/').filter((segment) => segment !== '');
  if (first === undefined) return false;
  if (ROUTE_SEGMENTS.includes(first) || FILE_SEGMENTS.includes(first)) return false;
  return rest.length > 0 || !pageSlugsOf(tenant).includes(first);
}
