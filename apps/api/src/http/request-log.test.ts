import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

describe('the request log', () => {
  it('writes one line per answered request, with the request, its status and the time taken', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
    app.get('/api/ok', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/ok?x=1' });
    await app.inject({ method: 'POST', url: '/api/nowhere' });
    await app.close();

    const requests = lines.filter((line) => line.req);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(requests[0]?.responseTime).toEqual(expect.any(Number));
    expect(requests[1]).toMatchObject({
      req: { method: 'POST', url: '/api/nowhere' },
      res: { statusCode: 404 },
    });
  });
});
