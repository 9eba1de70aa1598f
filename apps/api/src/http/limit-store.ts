import { type Allowance, type BucketVerdict, useBucket } from '@shop/domain';
import type { Redis } from 'ioredis';

/** Whether one more use of a bucket fits (decision 0015); `count` false only asks. */
export interface LimitStore {
  use(key: string, allowance: Allowance, count: boolean): Promise<BucketVerdict>;
}

/**
 * Buckets in this process's memory, the oldest forgotten past `capacity` keys: enough for one
 * API process; N processes would each allow the whole ceiling.
 */
export function memoryLimitStore(capacity = 100_000): LimitStore {
  const states = new Map<string, number>();
  return {
    async use(key, allowance, count) {
      const verdict = useBucket(states.get(key), Date.now(), allowance);
      if (verdict.allowed && count) {
        states.delete(key);
        states.set(key, verdict.state);
        if (states.size > capacity) states.delete(states.keys().next().value as string);
      }
      return verdict;
    },
  };
}

/**
 * {@link useBucket} inside Redis, atomic for every API process sharing it, on Redis's clock. The
 * key lives as long as its bucket is not full again.
 */
const USE_BUCKET = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local state = tonumber(redis.call('GET', KEYS[1]) or now)
local nextState = math.max(state, now) + window / max
local ahead = nextState - now
if ahead > window + 0.000001 then return {0, tostring(ahead - window)} end
if ARGV[3] == '1' then redis.call('SET', KEYS[1], tostring(nextState), 'PX', math.ceil(ahead)) end
return {1, tostring(nextState)}
`;

type UseBucketCommand = (
  key: string,
  max: number,
  windowMs: number,
  count: '0' | '1',
) => Promise<[0 | 1, string]>;

/** Buckets in Redis under `prefix`, shared by every process using it. */
export function redisLimitStore(redis: Redis, prefix = 'shop-limits:'): LimitStore {
  redis.defineCommand('shopUseBucket', { numberOfKeys: 1, lua: USE_BUCKET });
  const useBucketIn = (redis as unknown as { shopUseBucket: UseBucketCommand }).shopUseBucket.bind(redis);
  return {
    async use(key, { max, windowMs }, count) {
      const [allowed, value] = await useBucketIn(`${prefix}${key}`, max, windowMs, count ? '1' : '0');
      return allowed === 1
        ? { allowed: true, state: Number(value) }
        : { allowed: false, retryAfterMs: Number(value) };
    },
  };
}
