import { NECESSARY_COOKIES } from './cookie-names';

/**
 * `Set-Cookie` values that remove what a browser keeps without the shopper's consent: every
 * cookie it sent that the shop does not need, on the host and, on a real host, on the tenant's
 * domain, where measurement tools set theirs (decision 0046).
 */
export function unconsentedCookieRemovals(
  sent: readonly string[],
  tenantDomain: string | undefined,
): string[] {
  return sent
    .filter((name) => !NECESSARY_COOKIES.has(name))
    .flatMap((name) => {
      const removal = `${name}=; Max-Age=0; Path=/`;
      return tenantDomain ? [removal, `${removal}; Domain=${tenantDomain}`] : [removal];
    });
}
