import { CONTENT_PAGES, type ContentSlug } from './content-slugs';
import type { TenantConfig } from './schema';

/** The content pages a tenant has (some hide the imprint, only some have a blog). */
export function contentPagesOf(tenant: Pick<TenantConfig, 'variations'>): ContentSlug[] {
  return (Object.keys(CONTENT_PAGES) as ContentSlug[]).filter(
    (slug) =>
      (slug !== 'imprint' || !tenant.variations.hideImprint) &&
      (slug !== 'blog' || tenant.variations.hasBlog),
  );
}

/** The content pages whose text is Markdown in `content/` (the blog is a route of its own). */
export const markdownPagesOf = (tenant: Pick<TenantConfig, 'variations'>): ContentSlug[] =>
  contentPagesOf(tenant).filter((slug) => slug !== 'blog');

/** One of the tenant's advertisement pages, by its slug. */
export const advertisementPageOf = (tenant: Pick<TenantConfig, 'advertisementPages'>, slug: string) =>
  tenant.advertisementPages.find((page) => page.slug === slug);

/** Every page the tenant serves at `/{slug}`: its content pages and its advertisement pages. */
export const pageSlugsOf = (tenant: Pick<TenantConfig, 'variations' | 'advertisementPages'>): string[] => [
  ...contentPagesOf(tenant),
  ...tenant.advertisementPages.map((page) => page.slug),
];
