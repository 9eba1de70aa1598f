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

/**
 * Route folders only some shops have, with the rule that says which: the blog (decision 0045) and
 * the phone app's way in (decision 0050).
 */
export const SHOP_ROUTE_SEGMENTS: ReadonlyMap<string, (tenant: TenantConfig) => boolean> = new Map([
  ['blog', (tenant: TenantConfig) => tenant.variations.hasBlog],
  ['app', (tenant: TenantConfig) => tenant.flags.hasMobileAppFlow],
]);

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
 * routes or folders (a route only some shops have counts where the shop has it), nor (alone) one
 * of the tenant's content or advertisement pages. Spec §2 sends such a request on to
 * `/not-found` for good (301).
 */
export function isUnknownPath(pathname: string, tenant: TenantConfig): boolean {
  const [first, ...rest] = pathname.split('/').filter((segment) => segment !== '');
  if (first === undefined) return false;
  if (ROUTE_SEGMENTS.includes(first) || FILE_SEGMENTS.includes(first)) return false;
  const shopHasRoute = SHOP_ROUTE_SEGMENTS.get(first);
  if (shopHasRoute) return !shopHasRoute(tenant);
  return rest.length > 0 || !pageSlugsOf(tenant).includes(first);
}
