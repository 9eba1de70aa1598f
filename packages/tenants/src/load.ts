import { z } from 'zod';
import { type TenantConfig, tenantConfigSchema } from './schema';

export class TenantConfigError extends Error {
  override name = 'TenantConfigError';
}

/** Validates one tenant's raw config, naming the tenant and every bad field on failure. */
export function parseTenantConfig(source: string, raw: unknown): TenantConfig {
  const result = tenantConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const fields = result.error.issues
    .map((issue) => `  - ${issue.path.length ? z.core.toDotPath(issue.path) : '(root)'}: ${issue.message}`)
    .join('\n');
  throw new TenantConfigError(`Invalid config of tenant "${source}":\n${fields}`);
}

export interface TenantRegistry {
  all: readonly TenantConfig[];
  byId(shopId: string): TenantConfig | undefined;
  /** The tenant serving a host name (`{shopId}.localhost` or one of its production domains). */
  byHost(host: string): TenantConfig | undefined;
}

/** Validates every tenant config and indexes them; throws on the first bad tenant or a clash. */
export function createTenantRegistry(sources: Record<string, unknown>): TenantRegistry {
  const all = Object.entries(sources).map(([source, raw]) => {
    const tenant = parseTenantConfig(source, raw);
    if (tenant.shopId !== source) {
      throw new TenantConfigError(
        `Invalid config of tenant "${source}":\n  - shopId: must equal the file name ("${source}")`,
      );
    }
    return tenant;
  });
  const byId = new Map(all.map((tenant) => [tenant.shopId, tenant]));
  const byHost = new Map<string, TenantConfig>();
  for (const tenant of all) {
    for (const host of [`${tenant.shopId}.localhost`, ...tenant.domains]) {
      const owner = byHost.get(host);
      if (owner) {
        throw new TenantConfigError(
          `Invalid config of tenant "${tenant.shopId}":\n  - domains: "${host}" is already served by "${owner.shopId}"`,
        );
      }
      byHost.set(host, tenant);
    }
  }
  return {
    all,
    byId: (shopId) => byId.get(shopId),
    byHost: (host) => byHost.get(host.toLowerCase().replace(/:\d+$/, '')),
  };
}
