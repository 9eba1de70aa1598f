import type { TenantConfig } from '@shop/tenants';

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

/** The content pages a tenant has (some hide the imprint, only some have a blog). */
export function contentPagesOf(tenant: TenantConfig): ContentSlug[] {
  return (Object.keys(CONTENT_PAGES) as ContentSlug[]).filter(
    (slug) =>
      (slug !== 'imprint' || !tenant.variations.hideImprint) &&
      (slug !== 'blog' || tenant.variations.hasBlog),
  );
}
