import type { TenantConfig } from './schema';

/** Content pages (spec §2 `/[slug]`): slug → translation key of its link and SEO texts. */
export const CONTENT_PAGES = {
  'about-us': 'aboutUs',
  contact: 'contact',
  privacy: 'privacy',
  terms: 'terms',
  imprint: 'imprint',
  blog: 'blog',
} as const;
export type ContentSlug = keyof typeof CONTENT_PAGES;

export const isContentSlug = (slug: string): slug is ContentSlug => Object.hasOwn(CONTENT_PAGES, slug);

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
