import { MAX_BLOG_PAGE_SIZE } from '@shop/domain';
import { ALL_POSTS_QUERY, POST_QUERY } from '@shop/domain/contract';
import { buildSchema, parse, type ValidationRule, validate } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { BLOG_SCHEMA } from './graphql-schema';
import { costLimitRule, depthLimitRule, queryLimitRules } from './query-limits';

const schema = buildSchema(BLOG_SCHEMA);

/** What a rule that lets nothing through says of a query: its cost, or its depth. */
function measured(query: string, rule: ValidationRule, pattern: RegExp): number {
  const [error] = validate(schema, parse(query), [rule]);
  return Number(pattern.exec(error?.message ?? '')?.[1]);
}

const costOf = (query: string, variables: Record<string, unknown> = {}) =>
  measured(query, costLimitRule(1, variables), /costs (\d+)/);
const depthOf = (query: string) => measured(query, depthLimitRule(0), /is (\d+) levels/);

describe('the limits of a blog query', () => {
  it("let the shop's own queries through, at their largest page", () => {
    for (const [query, variables] of [
      [ALL_POSTS_QUERY, { first: MAX_BLOG_PAGE_SIZE, language: 'en' }],
      [POST_QUERY, { slug: 'top-up-abroad' }],
    ] as const) {
      expect(validate(schema, parse(query), queryLimitRules(variables, { introspection: false }))).toEqual(
        [],
      );
    }
  });

  it('cost a page of posts 42 and a post with its suggestions 25, both 3 levels deep', () => {
    expect(costOf(ALL_POSTS_QUERY)).toBe(42);
    expect(costOf(ALL_POSTS_QUERY, { first: MAX_BLOG_PAGE_SIZE })).toBe(280);
    expect(costOf(POST_QUERY, { slug: 'top-up-abroad' })).toBe(25);
    expect(depthOf(ALL_POSTS_QUERY)).toBe(3);
    expect(depthOf(POST_QUERY)).toBe(3);
  });

  it('count a size out of range as the largest page', () => {
    expect(costOf('{ allPosts(first: 1000) { totalCount } }')).toBe(
      costOf('{ allPosts(first: 20) { totalCount } }'),
    );
    expect(costOf('{ allPosts(first: -5) { totalCount } }')).toBe(40);
  });
});
