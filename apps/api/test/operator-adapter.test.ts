import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpOperator, OperatorUnavailableError } from '../src/adapters/operator';

/** A real HTTP server on a free port that counts the requests it gets. */
async function serve(listener: RequestListener) {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.url ?? '');
    listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json =
  (status: number, body: unknown): RequestListener =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

const owner = { msisdn: '+4917012345678', country: 'de', brandId: 'funkfix', brandName: 'FunkFix' };

describe('the HTTP operator adapter', () => {
  it('retries twice after 5xx answers, backing off 100 and 300 ms', async () => {
    let calls = 0;
    const { seen, baseUrl } = await serve((request, response) => {
      calls += 1;
      if (calls <= 2) json(500, { code: 'BOOM', message: 'down' })(request, response);
      else json(200, owner)(request, response);
    });
    const waits: number[] = [];
    const wait = async (ms: number) => waits.push(ms);
    const result = await createHttpOperator({ baseUrl, wait }).lookup('+4917012345678');
    expect(result).toEqual({ found: true, ...owner });
    expect(seen).toEqual(Array(3).fill('/operator/lookup/%2B4917012345678'));
    expect(waits).toEqual([100, 300]);
  });

  it('gives up with OperatorUnavailableError after the first try and two retries', async () => {
    const { seen, baseUrl } = await serve(json(503, { code: 'BUSY', message: 'busy' }));
    const failure = await createHttpOperator({ baseUrl, backoffMs: [1] })
      .lookup('+4917012345678')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OperatorUnavailableError);
    expect((failure as OperatorUnavailableError).attempts).toBe(3);
    expect(seen).toHaveLength(3);
  });

  it('retries a try that does not answer in time', async () => {
    let calls = 0;
    const { seen, baseUrl } = await serve((request, response) => {
      calls += 1;
      if (calls > 1) json(200, owner)(request, response);
      // The first request is left hanging; the adapter's timeout ends it.
    });
    const result = await createHttpOperator({ baseUrl, timeoutMs: 150, backoffMs: [1] }).lookup(
      '+4917012345678',
    );
    expect(result).toMatchObject({ found: true, brandId: 'funkfix' });
    expect(seen).toHaveLength(2);
  });

  it('answers found: false for UNKNOWN_NUMBER at once, without retrying', async () => {
    const { seen, baseUrl } = await serve(json(404, { code: 'UNKNOWN_NUMBER', message: 'nobody' }));
    expect(await createHttpOperator({ baseUrl }).lookup('+4930123456')).toEqual({ found: false });
    expect(seen).toHaveLength(1);
  });

  it('does not retry an answer outside the contract', async () => {
    const { seen, baseUrl } = await serve(json(404, { code: 'NOT_FOUND', message: 'No route' }));
    await expect(createHttpOperator({ baseUrl }).lookup('+4917012345678')).rejects.toBeInstanceOf(
      OperatorUnavailableError,
    );
    expect(seen).toHaveLength(1);
  });

  it('fails with OperatorUnavailableError when nothing listens', async () => {
    const { baseUrl } = await serve(json(200, owner));
    const closed = servers.pop() as Server;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createHttpOperator({ baseUrl, backoffMs: [1] }).lookup('+4917012345678'),
    ).rejects.toBeInstanceOf(OperatorUnavailableError);
  });
});
