import type { Database } from '@shop/db';
import { DomainError, ErrorCode } from '@shop/domain';
import { graphqlAnswerSchema, graphqlRequestSchema } from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { BLOG_SCHEMA, type BlogContext, blogResolvers } from '../blog/graphql-schema';
import { QUERY_LIMITS, queryLimitRules } from '../blog/query-limits';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** A GraphQL request is a query of a few hundred characters and its variables. */
const BODY_LIMIT = 16 * 1024;

/** A query GraphQL refused before running it: past the limits, or not valid for the schema. */
function refusalOf(errors: readonly GraphQLError[]): DomainError {
  const tooComplex = errors.filter((error) => error.extensions?.code === ErrorCode.QUERY_TOO_COMPLEX);
  const [code, reasons] =
    tooComplex.length > 0
      ? (['QUERY_TOO_COMPLEX', tooComplex] as const)
      : (['VALIDATION_FAILED', errors] as const);
  return new DomainError(code, reasons.map((error) => error.message).join(' '));
}

const isValidationFailure = (error: unknown): error is { errors: GraphQLError[] } =>
  (error as { code?: unknown })?.code === 'MER_ERR_GQL_VALIDATION' &&
  Array.isArray((error as { errors?: unknown }).errors);

/**
 * POST /api/shop/graphql (spec §7): the blog's posts over GraphQL (decision 0045), for the tenant
 * of `X-Tenant-Id`. POST only; a refused query answers the error envelope with its code.
 */
export const blogRoutes: FastifyPluginAsyncZod<{ db: Database; introspection: boolean }> = async (
  app,
  { db, introspection },
) => {
  await app.register(mercurius, {
    schema: BLOG_SCHEMA,
    resolvers: blogResolvers(db),
    routes: false,
    // The limits are counted with each request's variables, so the validated query is not kept.
    cache: false,
    validationRules: ({ variables }) => queryLimitRules(variables, { introspection }),
    graphql: { parseOptions: { maxTokens: QUERY_LIMITS.tokens } },
    // Errors are read below, as they were thrown.
    errorFormatter: (execution) => ({ statusCode: 200, response: execution }),
  });

  app.post(
    '/api/shop/graphql',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['blog'],
        summary: "The blog's posts (GraphQL)",
        description:
          'Queries: allPosts(first, after, language) and post(slug, language); the schema is in ' +
          'docs/decisions/0045-blog-over-graphql.md. A query deeper than ' +
          `${QUERY_LIMITS.depth} levels or costing more than ${QUERY_LIMITS.cost} is refused with 400 ` +
          'QUERY_TOO_COMPLEX; an invalid query or variables with 400 VALIDATION_FAILED; a language ' +
          'the shop does not offer with 404 UNKNOWN_LOCALE.',
        headers: tenantHeadersSchema,
        body: graphqlRequestSchema,
        response: { 200: graphqlAnswerSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { query, variables, operationName } = request.body;
      const context: BlogContext = { tenant: request.tenant };
      // Variables are always given, so that an unknown operation name is refused like bad variables.
      const result = await app
        .graphql(query, context, variables ?? {}, operationName ?? undefined)
        .catch((error: unknown) => {
          throw isValidationFailure(error) ? refusalOf(error.errors) : error;
        });
      const [failure] = result.errors ?? [];
      if (failure) throw failure.originalError ?? failure;
      return { data: result.data ?? {} };
    },
  );
};
