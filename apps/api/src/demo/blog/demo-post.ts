import type { Language } from '@shop/domain';

/** A demo post: one slug and date, its texts in each language it is written in. */
export interface DemoPost {
  slug: string;
  publishedAt: string;
  authorName: string;
  texts: Partial<Record<Language, { title: string; excerpt: string; body: string }>>;
}
