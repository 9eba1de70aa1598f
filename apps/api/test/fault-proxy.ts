import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of an outside service that a test tells to fail: the next calls answer
 * a 5xx without reaching the service, or reach it and lose the answer until the caller's time-out
 * has fired (the case where the service acted and the caller cannot know).
 */
export async function startFaultProxy(target: string) {
  const faults: ({ kind: 'status'; status: number } | { kind: 'late'; delayMs: number })[] = [];
  let calls = 0;
  const server = http.createServer((request, response) => {
    calls += 1;
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      response.writeHead(fault.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'injected' }, code: 'INJECTED' }));
      return;
    }
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
      (answer) => {
        const send = () => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        };
        if (fault?.kind === 'late') setTimeout(send, fault.delayMs);
        else send();
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** The next `count` calls answer `status` and never reach the service. */
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i += 1) faults.push({ kind: 'status', status });
    },
    /** The next call reaches the service; its answer comes back only after `delayMs`. */
    answerLate(delayMs: number) {
      faults.push({ kind: 'late', delayMs });
    },
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
