import autocannon from 'autocannon';

/** Requests per second and latency quantiles (ms) of one load run. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadCase {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Changes a request before it goes out (a shopper's own address, say). */
  setupRequest?: (request: { headers?: Record<string, string> }) => { headers?: Record<string, string> };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Answers the quantiles of `samples` (ms), which it sorts. */
export function figures(samples: number[], seconds: number): LoadFigures {
  samples.sort((a, b) => a - b);
  return {
    rps: samples.length / seconds,
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
  };
}

/** `connections` keep-alive clients send `load` for `seconds`; any answer but 2xx fails the run. */
export async function runLoad(load: LoadCase, connections: number, seconds: number): Promise<LoadFigures> {
  const samples: number[] = [];
  const failures: string[] = [];
  const options: autocannon.Options = {
    url: load.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: load.method ?? 'GET',
        headers: load.headers,
        body: load.body,
        ...(load.setupRequest ? { setupRequest: load.setupRequest as never } : {}),
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      else if (failures.length < 3) failures.push(String(statusCode));
    });
  });
  if (failures.length > 0 || result.errors > 0) {
    throw new Error(
      `${load.method ?? 'GET'} ${load.url}: answers ${failures.join(', ')}, ${result.errors} errors`,
    );
  }
  return figures(samples, result.duration);
}

let client = 0;
/** A new client address per request: a crowd of shoppers rather than one caller (abuse limits count per address). */
export function crowdAddress(): string {
  client += 1;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
}
