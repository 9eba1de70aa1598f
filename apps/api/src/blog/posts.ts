import { type Database, schema } from '@shop/db';
import { type PostPosition, readingMinutes } from '@shop/domain';
import type { PostSummary } from '@shop/domain/contract';
import { and, count, desc, eq, lt, ne, or, type SQL } from 'drizzle-orm';

const { blogPosts } = schema;

export type PostRow = typeof blogPosts.$inferSelect;

/** A post as the blog's GraphQL type answers it (related posts are resolved on demand). */
export type Post = PostSummary & { body: string };

export function postOf(row: PostRow): Post {
  return {
    slug: row.slug,
    language: row.language,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
    authorName: row.authorName,
    readingMinutes: readingMinutes(row.body),
  };
}

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.slug)];

/** Posts listed after a position: published earlier, or at the same moment with a lower slug. */
const after = ({ publishedAt, slug }: PostPosition): SQL | undefined =>
  or(
    lt(blogPosts.publishedAt, publishedAt),
    and(eq(blogPosts.publishedAt, publishedAt), lt(blogPosts.slug, slug)),
  );

const ofShop = (tenantId: string, language: string) =>
  and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.language, language));

/** The languages the tenant has posts in. */
export async function writtenLanguages(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: blogPosts.language })
    .from(blogPosts)
    .where(eq(blogPosts.tenantId, tenantId));
  return rows.map((row) => row.language);
}

/** Up to `first` posts of the tenant in one language after a position, and one more to tell whether more follow. */
export async function findPosts(
  db: Database,
  tenantId: string,
  language: string,
  first: number,
  position: PostPosition | undefined,
): Promise<{ rows: PostRow[]; hasMore: boolean; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(and(ofShop(tenantId, language), position && after(position)))
      .orderBy(...newestFirst)
      .limit(first + 1),
    db.select({ value: count() }).from(blogPosts).where(ofShop(tenantId, language)),
  ]);
  return { rows: rows.slice(0, first), hasMore: rows.length > first, totalCount: total?.value ?? 0 };
}

/** One post of the tenant by its slug in one language. */
export async function findPost(
  db: Database,
  tenantId: string,
  language: string,
  slug: string,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(ofShop(tenantId, language), eq(blogPosts.slug, slug)));
  return row;
}

/** The newest posts of the tenant in the post's language other than the post itself. */
export async function otherPosts(
  db: Database,
  tenantId: string,
  post: Post,
  first: number,
): Promise<PostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(and(ofShop(tenantId, post.language), ne(blogPosts.slug, post.slug)))
    .orderBy(...newestFirst)
    .limit(first);
}
