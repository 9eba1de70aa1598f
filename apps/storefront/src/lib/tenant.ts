import 'server-only';
import { mainPagePath, type TenantConfig, tenants } from '@shop/tenants';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { INDEX_HOSTS } from './env';

export type HostTarget = { kind: 'tenant'; tenant: TenantConfig } | { kind: 'index' } | { kind: 'unknown' };

export function hostName(host: string | null): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '');
}

/** What the request's Host names: a tenant's shop, the index of demo shops, or nothing we serve. */
export const currentHost = cache(async (): Promise<HostTarget> => {
  const host = (await headers()).get('host');
  const tenant = tenants().byHost(hostName(host));
  if (tenant) return { kind: 'tenant', tenant };
  return INDEX_HOSTS.has(hostName(host)) ? { kind: 'index' } : { kind: 'unknown' };
});

/** The tenant of this request, or undefined on the index and on unknown hosts. */
export async function currentTenant(): Promise<TenantConfig | undefined> {
  const target = await currentHost();
  return target.kind === 'tenant' ? target.tenant : undefined;
}

/** The tenant of this request; any other host gets the 404 page. */
export async function requireTenant(): Promise<TenantConfig> {
  const tenant = await currentTenant();
  if (!tenant) notFound();
  return tenant;
}

/** Redirects to the tenant's main page, keeping the query (msisdn, amount) of the request. */
export function redirectToMainPage(
  tenant: TenantConfig,
  searchParams: Record<string, string | string[] | undefined>,
): never {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      query.append(key, item);
  }
  const search = query.size > 0 ? `?${query}` : '';
  redirect(`${mainPagePath(tenant)}${search}`);
}
