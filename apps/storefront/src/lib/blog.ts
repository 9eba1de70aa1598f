import 'server-only';
import { BLOG_PAGE_SIZE, MAX_BLOG_PAGE_SIZE } from '@shop/domain';
import {
  ALL_POSTS_QUERY,
  type AllPostsVariables,
  allPostsAnswerSchema,
  type BlogPost,
  type GraphqlRequest,
  POST_QUERY,
  type PostPage,
  type PostVariables,
  postAnswerSchema,
  type Schema,
} from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { postApi } from './api';
import { ApiCallError } from './api-answer';

const GRAPHQL_PATH = '/api/shop/graphql';

/** A query of the blog from the storefront's server; a failure is thrown for the error page. */
async function queryBlog<T>(tenant: TenantConfig, request: GraphqlRequest, answer: Schema<T>): Promise<T> {
  const result = await postApi(tenant, GRAPHQL_PATH, request, answer);
  if (!result.ok) throw new ApiCallError(GRAPHQL_PATH, result);
  return result.data;
}

/** A page of the shop's posts in a language (or the shop's own when it has none in that one). */
export async function fetchPostPage(tenant: TenantConfig, variables: AllPostsVariables): Promise<PostPage> {
  const answer = await queryBlog(
    tenant,
    { query: ALL_POSTS_QUERY, variables: { first: BLOG_PAGE_SIZE, ...variables } },
    allPostsAnswerSchema,
  );
  return answer.data.allPosts;
}

/** One post in a language, or undefined when the shop has no such post. */
export async function fetchPost(
  tenant: TenantConfig,
  variables: PostVariables,
): Promise<BlogPost | undefined> {
  const answer = await queryBlog(tenant, { query: POST_QUERY, variables }, postAnswerSchema);
  return answer.data.post ?? undefined;
}

/** The slug of every post of the shop, in whichever of its languages it is written. */
export async function fetchPostSlugs(tenant: TenantConfig): Promise<string[]> {
  const slugs = new Set<string>();
  for (const language of tenant.locales) {
    let after: string | null = null;
    do {
      const page: PostPage = await fetchPostPage(tenant, { first: MAX_BLOG_PAGE_SIZE, after, language });
      // A language without posts answers the shop's own, listed under that one.
      if (page.language !== language) break;
      for (const post of page.nodes) slugs.add(post.slug);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
  }
  return [...slugs];
}
