import { BLOG_PAGE_SIZE, ErrorCode, isBlogPageSize, MAX_BLOG_PAGE_SIZE, RELATED_POSTS } from '@shop/domain';
// The CommonJS build, which mercurius loads: each build refuses the other's schema types.
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql/index.js';
import { type ComplexityEstimator, createComplexityRule, simpleEstimator } from 'graphql-query-complexity';

/**
 * How much one GraphQL request may ask of the API (decision 0045). The shop's own queries stay
 * inside: a page of posts is 3 levels deep and costs 42 (280 at 20 posts), a post with its
 * suggestions is 3 levels deep and costs 25.
 */
export const QUERY_LIMITS = {
  /** Levels of fields, fragments followed: `post { related { related { slug } } }` is 4. */
  depth: 4,
  /** Each field costs 1 plus its fields; a list costs that for each post it may hold. */
  cost: 400,
  /** Tokens the parser reads before it gives up. */
  tokens: 1000,
} as const;

/** A query past a limit, marked with its code of the error catalogue. */
const tooComplex = (message: string) =>
  new GraphQLError(message, { extensions: { code: ErrorCode.QUERY_TOO_COMPLEX } });

/** How deep a selection reaches, following fragments (each fragment's depth worked out once). */
function depthOf(
  selectionSet: SelectionSetNode,
  context: ValidationContext,
  fragments: Map<string, number>,
): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Introspection (`__schema`, `__type`) is refused in production and free of posts elsewhere.
      if (selection.name.value.startsWith('__')) continue;
      const below = selection.selectionSet ? depthOf(selection.selectionSet, context, fragments) : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, context, fragments));
    } else {
      const name = selection.name.value;
      if (!fragments.has(name)) {
        // A fragment that spreads itself counts as nothing while it is being measured; validation refuses it.
        fragments.set(name, 0);
        const fragment = context.getFragment(name);
        fragments.set(name, fragment ? depthOf(fragment.selectionSet, context, fragments) : 0);
      }
      deepest = Math.max(deepest, fragments.get(name) ?? 0);
    }
  }
  return deepest;
}

/** Refuses an operation nested deeper than `maxDepth` levels of fields. */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, number>();
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, context, fragments);
        if (depth > maxDepth) {
          context.reportError(
            tooComplex(`The query is ${depth} levels deep; at most ${maxDepth} are allowed.`),
          );
        }
      },
    };
  };
}

/** The posts a list may hold when its query names no size: the sizes the API answers then. */
const DEFAULT_SIZES: Readonly<Record<string, number>> = { allPosts: BLOG_PAGE_SIZE, related: RELATED_POSTS };

/** A list of posts costs its fields once for every post it may hold (a size out of range as the most). */
const perPost: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const size = DEFAULT_SIZES[field.name];
  if (size === undefined) return undefined;
  const first: unknown = args.first ?? size;
  const posts = typeof first === 'number' && isBlogPageSize(first) ? first : MAX_BLOG_PAGE_SIZE;
  return posts * (1 + childComplexity);
};

/** Refuses an operation whose cost is past `maxCost`, counted with the request's variables. */
export function costLimitRule(
  maxCost: number,
  variables: Record<string, unknown> | undefined,
): ValidationRule {
  return createComplexityRule({
    maximumComplexity: maxCost,
    variables: variables ?? {},
    estimators: [perPost, simpleEstimator({ defaultComplexity: 1 })],
    createError: (max, actual) => tooComplex(`The query costs ${actual}; at most ${max} is allowed.`),
  });
}

/** The blog is read only: a mutation or subscription is refused before anything runs. */
export const queriesOnlyRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    if (operation.operation !== 'query') {
      context.reportError(new GraphQLError(`The blog answers queries only, not a ${operation.operation}.`));
    }
  },
});

/** The validation rules of one request beside GraphQL's own. */
export function queryLimitRules(
  variables: Record<string, unknown> | undefined,
  { introspection }: { introspection: boolean },
): ValidationRule[] {
  return [
    queriesOnlyRule,
    depthLimitRule(QUERY_LIMITS.depth),
    costLimitRule(QUERY_LIMITS.cost, variables),
    ...(introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
}
