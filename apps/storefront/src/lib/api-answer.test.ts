import { cartNameAnswerSchema } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import { ApiCallError, readAnswer } from './api-answer';

describe('reading an answer by the contract', () => {
  it('answers the data the call’s schema parses', async () => {
    const answer = await readAnswer(
      Response.json({ cartName: 'c4rt-n4me-0f-the-shopper' }),
      cartNameAnswerSchema,
    );
    expect(answer).toEqual({ ok: true, data: { cartName: 'c4rt-n4me-0f-the-shopper' } });
  });

  it('takes a success that breaks the contract for a failure without a code', async () => {
    const answer = await readAnswer(Response.json({ name: 'c4rt' }), cartNameAnswerSchema);
    expect(answer).toMatchObject({ ok: false, status: 200, code: undefined });
  });

  it('answers an error by its envelope, and none without one', async () => {
    const refused = Response.json({ code: 'UNKNOWN_CART', message: 'No such cart' }, { status: 404 });
    expect(await readAnswer(refused, cartNameAnswerSchema)).toEqual({
      ok: false,
      status: 404,
      code: 'UNKNOWN_CART',
      message: 'No such cart',
    });
    const bare = new Response('Bad gateway', { status: 502 });
    expect(await readAnswer(bare, cartNameAnswerSchema)).toEqual({ ok: false, status: 502, code: undefined });
  });

  it('throws a failure on the server as an error that keeps its status and code', () => {
    const error = new ApiCallError('/api/shop/rest/v2/carts/x', { status: 404, code: 'UNKNOWN_CART' });
    expect(error).toMatchObject({ status: 404, code: 'UNKNOWN_CART' });
    expect(error.message).toContain('/api/shop/rest/v2/carts/x');
  });
});
