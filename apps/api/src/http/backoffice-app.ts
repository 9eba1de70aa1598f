import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { DomainError } from '@shop/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/** Where `npm run build -w @shop/backoffice` writes the back office's app. */
export const BACKOFFICE_DIST = fileURLToPath(new URL('../../../backoffice/dist', import.meta.url));

const PREFIX = '/backoffice/';

/**
 * The back office's page allows nothing but its own origin: no inline script or style, no frame
 * around it, no form sent elsewhere. Staff calls go to the same origin, so none needs CORS.
 */
const HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

function withHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
  return reply;
}

/**
 * Serves the back office's single-page app at `/backoffice/` on the API's own origin (decision
 * 0066): its hashed assets for a year, and `index.html`, never cached, for every other path, which
 * the app's router then reads. Files are looked up on each request, so a new build is served
 * without a restart. Without a build, `/backoffice/` answers 404 saying how to make one.
 */
export const backofficeApp: FastifyPluginAsync<{ root?: string }> = async (app, options) => {
  const root = options.root ?? BACKOFFICE_DIST;
  app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect(PREFIX, 308));
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        index: false,
        cacheControl: false,
        schemaHide: true,
        setHeaders: (response, path) => {
          for (const [name, value] of Object.entries(HEADERS)) response.setHeader(name, value);
          const hashed = path.includes('/assets/');
          response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const page = (reply: FastifyReply) => {
        if (!existsSync(`${root}/index.html`)) {
          throw new DomainError(
            'NOT_FOUND',
            'The back office is not built: run `npm run build -w @shop/backoffice`',
          );
        }
        return withHeaders(reply).sendFile('index.html', root);
      };
      scope.get('/', { schema: { hide: true } }, (_request, reply) => page(reply));
      // No file of that name: the app's own page, whose router reads the path.
      scope.setNotFoundHandler((request, reply) => {
        // A missing asset is a 404, not the page: a browser would read HTML as a script.
        if (
          !['GET', 'HEAD'].includes(request.method) ||
          /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')
        ) {
          throw new DomainError('NOT_FOUND', 'No such file of the back office');
        }
        return page(reply);
      });
    },
    { prefix: PREFIX },
  );
};
