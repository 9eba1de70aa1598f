import { z } from 'zod';
import { type TenantConfig, tenantConfigSchema } from './schema';

export class TenantConfigError extends Error {
  override name = 'TenantConfigError';
}

/**
 * Stands for the sandbox's base URL at the start of a tenant's single sign-on URLs (`sso.issuer`,
 * `sso.jwksUrl`, `variations.ssoLoginUrl`), of its device-id script (`settings.deviceIDURL`) and
 * the app's return addresses (`variations.mobileAppReturnUrls`): the demo tenants' identity
 * provider, fraud-prevention vendor and app are the sandbox's, wherever it runs (decisions 0035,
 * 0049, 0050). No other field is read for it.
 */
export const SANDBOX_URL_PLACEHOLDER = '{SANDBOX_URL}';
export const DEFAULT_SANDBOX_URL = 'http://localhost:4100';

export interface TenantConfigOptions {
  /** What `{SANDBOX_URL}` stands for; default http://localhost:4100. */
  sandboxUrl?: string;
}

const SANDBOX_URL_FIELDS = [
  ['sso', 'issuer'],
  ['sso', 'jwksUrl'],
  ['variations', 'ssoLoginUrl'],
  ['variations', 'mobileAppReturnUrls'],
  ['settings', 'deviceIDURL'],
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withSandboxUrl(raw: unknown, sandboxUrl: string): unknown {
  if (!isRecord(raw)) return raw;
  const base = sandboxUrl.replace(/\/+$/, '');
  let config = raw;
  for (const [block, field] of SANDBOX_URL_FIELDS) {
    const part = config[block];
    const value = isRecord(part) ? part[field] : undefined;
    const resolve = (text: unknown) =>
      typeof text === 'string' && text.startsWith(SANDBOX_URL_PLACEHOLDER)
        ? `${base}${text.slice(SANDBOX_URL_PLACEHOLDER.length)}`
        : text;
    const resolved = Array.isArray(value) ? value.map(resolve) : resolve(value);
    if (resolved === value) continue;
    config = { ...config, [block]: { ...(part as object), [field]: resolved } };
  }
  return config;
}

/** Validates one tenant's raw config, naming the tenant and every bad field on failure. */
export function parseTenantConfig(
  source: string,
  raw: unknown,
  { sandboxUrl = DEFAULT_SANDBOX_URL }: TenantConfigOptions = {},
): TenantConfig {
  const result = tenantConfigSchema.safeParse(withSandboxUrl(raw, sandboxUrl));
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
export function createTenantRegistry(
  sources: Record<string, unknown>,
  options: TenantConfigOptions = {},
): TenantRegistry {
  const all = Object.entries(sources).map(([source, raw]) => {
    const tenant = parseTenantConfig(source, raw, options);
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
