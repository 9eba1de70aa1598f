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
