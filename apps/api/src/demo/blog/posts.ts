import type { schema } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import type { DemoPost } from './demo-post';
import { LADEPLATZ_POSTS } from './ladeplatz';
import { RECHARGEPLUS_POSTS } from './rechargeplus';

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
