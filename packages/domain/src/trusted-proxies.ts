/**
 * The proxies in front of a server whose word on the client's address it takes: their
 * `X-Forwarded-For`, and for the API the storefront's `X-CLIENT-IP` (decision 0062). From
 * `TRUSTED_PROXIES`: addresses, CIDR ranges or `loopback`, `linklocal`, `uniquelocal`, separated
 * by commas or spaces, `none` for none; unset, loopback outside production and none in it.
 */
export function trustedProxyList(value: string | undefined, nodeEnv: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return nodeEnv === 'production' ? [] : ['loopback'];
  return entries.includes('none') ? [] : entries;
}
