import { tenantSources } from './demo';
import { createTenantRegistry, type TenantRegistry } from './load';

export { advertisementPageOf, contentPagesOf, markdownPagesOf, pageSlugsOf } from './content-pages';
export { CONTENT_PAGES, type ContentSlug, isContentSlug } from './content-slugs';
export { tenantSources } from './demo';
export {
  createTenantRegistry,
  parseTenantConfig,
  TenantConfigError,
  type TenantConfigOptions,
  type TenantRegistry,
} from './load';
export { brandPath, cartStepPath, mainPagePath } from './routes';
export * from './schema';
export { baseTranslations, type Messages, tenantTranslations } from './translations';

let registry: TenantRegistry | undefined;

/**
 * The validated tenant registry, loaded once per process; a bad config throws naming tenant and
 * field. `{SANDBOX_URL}` in a config is the process's `SANDBOX_URL` (default http://localhost:4100).
 */
export function tenants(): TenantRegistry {
  registry ??= createTenantRegistry(tenantSources, {
    sandboxUrl: (typeof process === 'undefined' ? undefined : process.env.SANDBOX_URL) || undefined,
  });
  return registry;
}
