import { Redis } from 'ioredis';

/**
 * A Redis client for counts that must not hold up a request: a command waits at most a second
 * and fails at once while the connection is down (the abuse limits then let the call through).
 * It connects when `connect()` is called.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
}

/** Whether a Redis answers PING at `url` within `timeoutMs`. */
export async function isRedisReachable(url: string, timeoutMs = 1_000): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
