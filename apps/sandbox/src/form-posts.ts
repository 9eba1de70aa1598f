import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `app` (and its children) read the posts of plain HTML forms
 * (`application/x-www-form-urlencoded`) as an object of the fields' texts; a field given twice
 * keeps its last value.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
