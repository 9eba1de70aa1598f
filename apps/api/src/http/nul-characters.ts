import { DomainError } from '@shop/domain';
import type { FastifyInstance } from 'fastify';

/** Whether a parsed value holds U+0000 in any string or key, however deeply nested. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 and no field of the shop means one, so a request with it in
 * its path, query or body is refused at the edge (400 VALIDATION_FAILED) rather than failing in
 * the database as a 500. Registered on the root, before the routes, so that it covers them all.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new DomainError('VALIDATION_FAILED', 'Text must not contain NUL characters (U+0000)');
    }
  });
}
