import type { schema } from '@shop/db';
import type { Language } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { LADEPLATZ_POSTS } from './ladeplatz';
import { RECHARGEPLUS_POSTS } from './rechargeplus';

/** A demo post: one slug and date, its texts in each language it is written in. */
export interface DemoPost {
  slug: string;
  publishedAt: string;
  authorName: string;
  texts: Partial<Record<Language, { title: string; excerpt: string; body: string }>>;
}

type NewBlogPost = typeof schema.blogPosts.$inferInsert;

const DEMO_POSTS: Readonly<Record<string, readonly DemoPost[]>> = {
  ladeplatz: LADEPLATZ_POSTS,
  rechargeplus: RECHARGEPLUS_POSTS,
};

/** The demo posts of a tenant with a blog, one row per post and language. */
export function demoBlogPosts(tenant: TenantConfig): NewBlogPost[] {
  if (!tenant.variations.hasBlog) return [];
  return (DEMO_POSTS[tenant.shopId] ?? []).flatMap((post) =>
    Object.entries(post.texts).map(([language, text]) => ({
      tenantId: tenant.shopId,
      language,
      slug: post.slug,
      authorName: post.authorName,
      publishedAt: new Date(post.publishedAt),
      ...text,
    })),
  );
}
