import { DomainError } from '@shop/domain';
import { contentPageSchema, contentParamsSchema } from '@shop/domain/contract';
import { advertisementPageOf, markdownPagesOf, type TenantRegistry } from '@shop/tenants';
import { contentLibrary } from '@shop/tenants/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offeredLanguage } from '../http/language';
import { errorEnvelopeSchema, tenantHeadersSchema } from '../http/schemas';

/** Content changes with a deployment only; the storefront keeps a page for a minute as well. */
const BROWSER_CACHE_SECONDS = 60 * 60;

/**
 * The texts of the content and advertisement pages (decision 0044). The API does not start while
 * a tenant lacks a page in one of its languages or a placeholder has no value.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ tenants: TenantRegistry }> = async (app, { tenants }) => {
  const library = contentLibrary();
  const problems = library.problems(tenants.all);
  if (problems.length > 0) throw new Error(`Incomplete content:\n  - ${problems.join('\n  - ')}`);

  app.get(
    '/api/content/:lng/:slug',
    {
      schema: {
        tags: ['content'],
        summary: "The text of one of the tenant's content or advertisement pages",
        description:
          'Markdown with the tenant’s company details filled in: its own text of the page where it ' +
          'has one, else the template of the language. `lng` as for the translations.',
        headers: tenantHeadersSchema,
        params: contentParamsSchema,
        response: { 200: contentPageSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { lng, slug } = request.params;
      const language = offeredLanguage(tenant, lng);
      const advertisement = advertisementPageOf(tenant, slug);
      const offered = advertisement !== undefined || (markdownPagesOf(tenant) as string[]).includes(slug);
      const page = offered ? library.page(tenant, language, slug) : undefined;
      if (!page) throw new DomainError('NOT_FOUND', `Tenant "${tenant.shopId}" has no page "${slug}"`);
      reply.header('Cache-Control', `public, max-age=${BROWSER_CACHE_SECONDS}`);
      reply.header('Vary', 'X-Tenant-Id');
      const { title = '', description = '', imageAlt = '' } = page.data;
      return {
        markdown: page.markdown,
        ...(advertisement && { advertisement: { title, description, imageAlt } }),
      };
    },
  );
};
