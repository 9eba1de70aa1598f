import type { Database } from '@shop/db';
import {
  BLOG_PAGE_SIZE,
  blogLanguage,
  DomainError,
  decodePostCursor,
  encodePostCursor,
  invalidField,
  type Language,
  RELATED_POSTS,
  resolveLanguage,
} from '@shop/domain';
import {
  allPostsVariablesSchema,
  type PostPage,
  postVariablesSchema,
  relatedPostsVariablesSchema,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import type { MercuriusContext } from 'mercurius';
import type { z } from 'zod';
import { findPost, findPosts, otherPosts, type Post, postOf, writtenLanguages } from './posts';

/** The blog's GraphQL schema (decision 0045). */
export const BLOG_SCHEMA = /* GraphQL */ `
  "A post of the shop's blog, in one language."
  type Post {
    "The post's name in its URL; the same in every language it is written in."
    slug: String!
    "The language the post is written in."
    language: String!
    title: String!
    excerpt: String!
    "Markdown (CommonMark) without HTML."
    body: String!
    "ISO 8601."
    publishedAt: String!
    authorName: String!
    readingMinutes: Int!
    "The newest other posts in the same language (first: 1 to 20, default 2)."
    related(first: Int): [Post!]!
  }

  type PageInfo {
    "Pass as after to get the next page; null on an empty page."
    endCursor: String
    hasNextPage: Boolean!
  }

  type PostPage {
    "The language the posts are written in: the one asked for, or the shop's own when it has none in that one."
    language: String!
    totalCount: Int!
    nodes: [Post!]!
    pageInfo: PageInfo!
  }

  type Query {
    "The shop's posts, newest first (first: 1 to 20, default 3). A shop without a blog has none."
    allPosts(first: Int, after: String, language: String): PostPage!
    "One post by its slug, or null."
    post(slug: String!, language: String): Post
  }
`;

declare module 'mercurius' {
  interface MercuriusContext {
    /** The tenant of `X-Tenant-Id`, which every resolver answers for. */
    tenant: TenantConfig;
  }
}

/** What a resolver reads of the request. */
export type BlogContext = Pick<MercuriusContext, 'tenant'>;

/** A field's arguments as the contract's schema reads them; a refused one is VALIDATION_FAILED. */
function argumentsOf<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidField(issue?.path.join('.') || 'arguments', issue?.message ?? 'invalid');
}

/**
 * The language asked for (`xx-YY` and `default` allowed) where the shop offers it, else
 * UNKNOWN_LOCALE; then the shop's own language when it has no posts in that one.
 */
async function languageOfBlog(
  db: Database,
  tenant: TenantConfig,
  requested: string | null | undefined,
): Promise<Language> {
  const language = resolveLanguage(requested ?? undefined, tenant.locales, tenant.defaultLocale);
  if (!language) {
    throw new DomainError(
      'UNKNOWN_LOCALE',
      `Tenant "${tenant.shopId}" does not offer language "${requested}"`,
    );
  }
  if (!tenant.variations.hasBlog) return language;
  return blogLanguage(language, await writtenLanguages(db, tenant.shopId), tenant.defaultLocale);
}

const emptyPage = (language: string): PostPage => ({
  language,
  totalCount: 0,
  nodes: [],
  pageInfo: { endCursor: null, hasNextPage: false },
});

/** The resolvers of {@link BLOG_SCHEMA}: only a tenant with a blog (variations.hasBlog) has posts. */
export function blogResolvers(db: Database) {
  return {
    Query: {
      allPosts: async (_root: unknown, args: unknown, { tenant }: BlogContext) => {
        const { first, after, language: requested } = argumentsOf(allPostsVariablesSchema, args);
        const position = after ? decodePostCursor(after) : undefined;
        if (after && !position) throw invalidField('after', 'not a cursor of this listing');
        const language = await languageOfBlog(db, tenant, requested);
        if (!tenant.variations.hasBlog) return emptyPage(language);
        const page = await findPosts(db, tenant.shopId, language, first ?? BLOG_PAGE_SIZE, position);
        const last = page.rows.at(-1);
        return {
          language,
          totalCount: page.totalCount,
          nodes: page.rows.map(postOf),
          pageInfo: { endCursor: last ? encodePostCursor(last) : null, hasNextPage: page.hasMore },
        };
      },
      post: async (_root: unknown, args: unknown, { tenant }: BlogContext) => {
        const { slug, language: requested } = argumentsOf(postVariablesSchema, args);
        const language = await languageOfBlog(db, tenant, requested);
        if (!tenant.variations.hasBlog) return null;
        const row = await findPost(db, tenant.shopId, language, slug);
        return row ? postOf(row) : null;
      },
    },
    Post: {
      related: async (post: Post, args: unknown, { tenant }: BlogContext) => {
        const { first } = argumentsOf(relatedPostsVariablesSchema, args);
        return (await otherPosts(db, tenant.shopId, post, first ?? RELATED_POSTS)).map(postOf);
      },
    },
  };
}
