import { openDatabase } from '@shop/db';
import { DomainError, ERROR_CATALOGUE, type ErrorCode } from '@shop/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A bare app whose routes throw what they are told to, answered by the API's error handling. */
const app = Fastify();
registerErrorHandling(app);
app.get<{ Params: { code: ErrorCode } }>('/refuse/:code', async (request) => {
  throw new DomainError(request.params.code, `refused with ${request.params.code}`);
});
app.get('/sold-out', async () => {
  throw new DomainError('PRODUCT_NOT_AVAILABLE', 'sold out', { status: 409 });
});
app.get('/wait', async () => {
  throw new DomainError('TOO_MANY_REQUESTS', 'wait', { retryAfterSeconds: 17 });
});
app.get('/bug', async () => {
  throw new Error('a bug');
});
// A database nobody listens for: as during a restart, connecting is refused.
const gone = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/shop' });
app.get('/database-gone', async () => gone.db.execute(sql`select 1`));
afterAll(async () => {
  await app.close();
  await gone.close();
});

describe('the HTTP layer', () => {
  it('answers every code of the catalogue with its status and the envelope', async () => {
    for (const [code, { status }] of Object.entries(ERROR_CATALOGUE)) {
      const answer = await app.inject({ method: 'GET', url: `/refuse/${code}` });
      expect(answer.statusCode, code).toBe(status);
      expect(answer.json(), code).toEqual({ code, message: `refused with ${code}` });
    }
  });

  it("answers a code's second status only where the refusal names it", async () => {
    const answer = await app.inject({ method: 'GET', url: '/sold-out' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ code: 'PRODUCT_NOT_AVAILABLE', message: 'sold out' });
  });

  it('says when to try again as Retry-After', async () => {
    const answer = await app.inject({ method: 'GET', url: '/wait' });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('17');
  });

  it('answers a bug and an unknown route with catalogue codes', async () => {
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(ERROR_CATALOGUE.INTERNAL_ERROR.status);
    expect(bug.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(ERROR_CATALOGUE.NOT_FOUND.status);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 503 with Retry-After when the database cannot be reached, as it comes back in seconds', async () => {
    const answer = await app.inject({ method: 'GET', url: '/database-gone' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
