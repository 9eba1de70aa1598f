import * as z from 'zod';
import { BLOG_SLUG_PATTERN, MAX_BLOG_PAGE_SIZE, MAX_BLOG_SLUG_LENGTH } from '../blog';
import './jitless';

/**
 * The blog (spec §7 POST /api/shop/graphql, decision 0045): a GraphQL call whose queries the
 * shop sends are written here with the shapes of their variables and answers. The API checks
 * every query's arguments with the variables' schemas.
 */

/** The longest query text the API reads. */
export const MAX_GRAPHQL_QUERY_LENGTH = 4000;

/** POST /api/shop/graphql: a GraphQL request (POST only, JSON). */
export const graphqlRequestSchema = z
  .object({
    query: z.string().min(1).max(MAX_GRAPHQL_QUERY_LENGTH),
    variables: z.record(z.string(), z.unknown()).nullish(),
    operationName: z.string().max(100).nullish(),
  })
  .meta({ id: 'GraphqlRequest' });
export type GraphqlRequest = z.input<typeof graphqlRequestSchema>;

/** What a query answered; a refused query answers the error envelope instead, never partial data. */
export const graphqlAnswerSchema = z
  .object({ data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'GraphqlAnswer' });

const language = z.string().min(1).max(16);
const slug = z
  .string()
  .max(MAX_BLOG_SLUG_LENGTH)
  .regex(BLOG_SLUG_PATTERN, 'lower-case words joined by hyphens');
const pageSize = z.number().int().min(1).max(MAX_BLOG_PAGE_SIZE);

/** `allPosts(first, after, language)`: a page of posts, newest first; `after` is the last page's endCursor. */
export const allPostsVariablesSchema = z.object({
  first: pageSize.nullish(),
  after: z.string().max(200).nullish(),
  /** A language, `xx-YY` or `default`; none means the shop's own. */
  language: language.nullish(),
});
export type AllPostsVariables = z.input<typeof allPostsVariablesSchema>;

/** `post(slug, language)`: one post, or null. */
export const postVariablesSchema = z.object({ slug, language: language.nullish() });
export type PostVariables = z.input<typeof postVariablesSchema>;

/** `Post.related(first)`: the newest other posts in the post's language. */
export const relatedPostsVariablesSchema = z.object({ first: pageSize.nullish() });

const postSummarySchema = z.object({
  slug: z.string(),
  /** The language the post is written in. */
  language: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** ISO 8601. */
  publishedAt: z.string(),
  authorName: z.string(),
  readingMinutes: z.number(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

const postPageSchema = z.object({
  /** The language the posts are written in: the one asked for, or the shop's own when it has none in that one. */
  language: z.string(),
  totalCount: z.number(),
  nodes: z.array(postSummarySchema),
  pageInfo: z.object({ endCursor: z.string().nullable(), hasNextPage: z.boolean() }),
});
export type PostPage = z.infer<typeof postPageSchema>;

const blogPostSchema = postSummarySchema.extend({
  /** Markdown (CommonMark) without HTML. */
  body: z.string(),
  related: z.array(postSummarySchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

const POST_SUMMARY_FIELDS = 'slug language title excerpt publishedAt authorName readingMinutes';

/** The blog's page of posts. */
export const ALL_POSTS_QUERY = `query AllPosts($first: Int, $after: String, $language: String) {
  allPosts(first: $first, after: $after, language: $language) {
    language
    totalCount
    nodes { ${POST_SUMMARY_FIELDS} }
    pageInfo { endCursor hasNextPage }
  }
}`;
export const allPostsAnswerSchema = z.object({ data: z.object({ allPosts: postPageSchema }) });

/** One post with the posts it suggests. */
export const POST_QUERY = `query Post($slug: String!, $language: String) {
  post(slug: $slug, language: $language) {
    ${POST_SUMMARY_FIELDS}
    body
    related { ${POST_SUMMARY_FIELDS} }
  }
}`;
export const postAnswerSchema = z.object({ data: z.object({ post: blogPostSchema.nullable() }) });
