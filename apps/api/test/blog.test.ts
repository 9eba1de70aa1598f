import { MAX_BLOG_PAGE_SIZE } from '@shop/domain';
import {
  ALL_POSTS_QUERY,
  type AllPostsVariables,
  allPostsAnswerSchema,
  type ErrorEnvelope,
  type GraphqlRequest,
  POST_QUERY,
  type PostPage,
  type PostVariables,
  postAnswerSchema,
} from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { apiForFile } from './api-for-file';
import { LIFTED_LIMITS } from './harness';

const api = apiForFile();

const post = (tenant: string, body: GraphqlRequest | string, baseRequest = api.request) =>
  baseRequest('/api/shop/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': tenant },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function pageOf(tenant: string, variables: AllPostsVariables): Promise<PostPage> {
  const response = await post(tenant, { query: ALL_POSTS_QUERY, variables });
  expect(response.status, await response.clone().text()).toBe(200);
  return allPostsAnswerSchema.parse(await response.json()).data.allPosts;
}

async function postOf(tenant: string, variables: PostVariables) {
  const response = await post(tenant, { query: POST_QUERY, variables });
  expect(response.status, await response.clone().text()).toBe(200);
  return postAnswerSchema.parse(await response.json()).data.post;
}

async function refusal(response: Response): Promise<{ status: number } & ErrorEnvelope> {
  const body = (await response.json()) as ErrorEnvelope;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  return { status: response.status, ...body };
}

const FIELDS = 'slug title excerpt body publishedAt authorName readingMinutes';
const slugsOf = (page: PostPage) => page.nodes.map((node) => node.slug);

describe('POST /api/shop/graphql: the blog', () => {
  it('pages through the posts newest first with a cursor, to an empty end', async () => {
    const first = await pageOf('ladeplatz', { first: 2, language: 'de' });
    expect(first).toMatchObject({ language: 'de', totalCount: 4, pageInfo: { hasNextPage: true } });
    expect(slugsOf(first)).toEqual(['top-up-abroad', 'voucher-code-not-working']);

    const second = await pageOf('ladeplatz', { first: 2, after: first.pageInfo.endCursor, language: 'de' });
    expect(slugsOf(second)).toEqual(['automatic-top-up', 'gaming-gift-cards']);
    expect(second.pageInfo.hasNextPage).toBe(false);

    const end = await pageOf('ladeplatz', { first: 2, after: second.pageInfo.endCursor, language: 'de' });
    expect(end).toMatchObject({
      totalCount: 4,
      nodes: [],
      pageInfo: { endCursor: null, hasNextPage: false },
    });

    const dates = [...first.nodes, ...second.nodes].map((node) => Date.parse(node.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('answers a page of three when no size is named, in the shop language when none is', async () => {
    const page = await pageOf('ladeplatz', {});
    expect(page.language).toBe('de');
    expect(page.nodes).toHaveLength(3);
    expect(page.nodes[0]).toMatchObject({
      title: 'Guthaben aufladen im Ausland',
      authorName: 'Jana Berger',
      language: 'de',
      readingMinutes: 1,
    });
  });

  it('answers in the language asked for, and in the shop language where it has no posts in that one', async () => {
    expect((await pageOf('ladeplatz', { language: 'en' })).nodes[0]?.title).toBe('Topping up while abroad');
    expect((await pageOf('ladeplatz', { language: 'en-GB' })).language).toBe('en');
    const polish = await pageOf('ladeplatz', { language: 'pl' });
    expect(polish.language).toBe('de');
    expect(polish.nodes[0]?.title).toBe('Guthaben aufladen im Ausland');

    expect((await pageOf('rechargeplus', {})).nodes[0]?.title).toBe('Recharger son mobile depuis l’étranger');
    expect((await pageOf('rechargeplus', { language: 'en' })).nodes[0]?.title).toBe(
      'Topping up your phone from abroad',
    );
    const post = await postOf('rechargeplus', { slug: 'promo-codes', language: 'en' });
    expect(post?.title).toBe('Promo codes: how to use them');
  });

  it('refuses a language the shop does not offer with 404 UNKNOWN_LOCALE', async () => {
    const response = await post('rechargeplus', { query: ALL_POSTS_QUERY, variables: { language: 'de' } });
    expect(await refusal(response)).toMatchObject({ status: 404, code: 'UNKNOWN_LOCALE' });
  });

  it('opens one post with its Markdown and two newer or older posts beside it', async () => {
    const found = await postOf('ladeplatz', { slug: 'voucher-code-not-working', language: 'en' });
    expect(found?.title).toBe('Voucher code not working? Here is what to do');
    expect(found?.body).toContain('## 1. Check the code closely');
    expect(found?.related.map((other) => other.slug)).toEqual(['top-up-abroad', 'automatic-top-up']);
    expect(await postOf('ladeplatz', { slug: 'no-such-post' })).toBeNull();
  });

  it("keeps each shop's posts to itself; a shop without a blog has none", async () => {
    const ladeplatz = await pageOf('ladeplatz', { first: MAX_BLOG_PAGE_SIZE, language: 'en' });
    const rechargeplus = await pageOf('rechargeplus', { first: MAX_BLOG_PAGE_SIZE, language: 'en' });
    expect(slugsOf(ladeplatz)).not.toContain('promo-codes');
    expect(slugsOf(rechargeplus)).not.toContain('gaming-gift-cards');
    expect(await postOf('ladeplatz', { slug: 'promo-codes', language: 'en' })).toBeNull();
    // The same slug on two shops is two posts.
    expect((await postOf('ladeplatz', { slug: 'top-up-abroad', language: 'en' }))?.title).toBe(
      'Topping up while abroad',
    );

    expect(await pageOf('funkfix', { first: 5 })).toEqual({
      language: 'de',
      totalCount: 0,
      nodes: [],
      pageInfo: { endCursor: null, hasNextPage: false },
    });
    expect(await postOf('funkfix', { slug: 'top-up-abroad' })).toBeNull();
    const unknown = await post('nosuchshop', { query: ALL_POSTS_QUERY });
    expect(await refusal(unknown)).toMatchObject({ status: 400, code: 'UNKNOWN_TENANT' });
  });

  it('refuses a query nested too deep, fragments followed, with 400 QUERY_TOO_COMPLEX', async () => {
    const deep = await post('ladeplatz', {
      query: '{ post(slug: "top-up-abroad") { related { related { related { slug } } } } }',
    });
    expect(await refusal(deep)).toEqual({
      status: 400,
      code: 'QUERY_TOO_COMPLEX',
      message: 'The query is 5 levels deep; at most 4 are allowed.',
    });
    const throughFragments = await post('ladeplatz', {
      query:
        '{ post(slug: "top-up-abroad") { ...A } } fragment A on Post { related(first: 1) { ...B } } ' +
        'fragment B on Post { related(first: 1) { related(first: 1) { slug } } }',
    });
    expect(await refusal(throughFragments)).toMatchObject({ status: 400, code: 'QUERY_TOO_COMPLEX' });
  });

  it('refuses a query that asks too much with 400 QUERY_TOO_COMPLEX, counting its variables', async () => {
    const costly = await post('ladeplatz', {
      query: 'query ($n: Int) { allPosts(first: $n) { nodes { related(first: $n) { title body } } } }',
      variables: { n: 20 },
    });
    expect(await refusal(costly)).toEqual({
      status: 400,
      code: 'QUERY_TOO_COMPLEX',
      message: 'The query costs 1240; at most 400 is allowed.',
    });
    const aliased = await post('ladeplatz', {
      query: `{ ${['a', 'b', 'c'].map((alias) => `${alias}: allPosts(first: 20) { nodes { ${FIELDS} } }`).join(' ')} }`,
    });
    expect(await refusal(aliased)).toMatchObject({ status: 400, code: 'QUERY_TOO_COMPLEX' });
    const cheap = await post('ladeplatz', {
      query: 'query ($n: Int) { allPosts(first: $n) { nodes { related(first: $n) { title body } } } }',
      variables: { n: 2 },
    });
    expect(cheap.status).toBe(200);
  });

  it('takes the shop’s own queries at their largest page', async () => {
    const page = await pageOf('rechargeplus', { first: MAX_BLOG_PAGE_SIZE });
    expect(page.nodes).toHaveLength(4);
  });

  it('refuses bad queries and variables with 400 VALIDATION_FAILED', async () => {
    const bad: (GraphqlRequest | string)[] = [
      { query: ALL_POSTS_QUERY, variables: { first: 0 } },
      { query: ALL_POSTS_QUERY, variables: { first: MAX_BLOG_PAGE_SIZE + 1 } },
      { query: ALL_POSTS_QUERY, variables: { first: 'three' } },
      { query: ALL_POSTS_QUERY, variables: { after: 'not-a-cursor' } },
      { query: POST_QUERY, variables: { slug: 'Not A Slug' } },
      { query: POST_QUERY, variables: {} },
      { query: '{ allPosts { nodes { secret } } }' },
      { query: '{ allPosts {' },
      { query: ALL_POSTS_QUERY, operationName: 'Nothing' },
      { query: `${ALL_POSTS_QUERY} ${POST_QUERY}` },
      { query: 'mutation { allPosts { totalCount } }' },
      { query: '' },
      '{"variables": {}}',
      '{"query": ',
    ];
    for (const body of bad) {
      const answer = await refusal(await post('ladeplatz', body));
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses introspection unless the API is told to answer it', async () => {
    const query = '{ __schema { queryType { name } } }';
    const refused = await refusal(await post('ladeplatz', { query }));
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(refused.message).toMatch(/introspection/i);

    const development = await api.another({ overrides: LIFTED_LIMITS }, { graphqlIntrospection: true });
    const answered = await post('ladeplatz', { query }, development.request);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('answers POST only, and refuses a body past 16 KiB with 413', async () => {
    const query = encodeURIComponent('{ allPosts { totalCount } }');
    const viaGet = await api.request(`/api/shop/graphql?query=${query}`, {
      headers: { 'x-tenant-id': 'ladeplatz' },
    });
    expect(await refusal(viaGet)).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    const huge = await post('ladeplatz', { query: `{ allPosts { totalCount } } ${'#'.repeat(17 * 1024)}` });
    expect(await refusal(huge)).toEqual({
      status: 413,
      code: 'VALIDATION_FAILED',
      message: 'Request body is too large',
    });
  });
});
