import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to the embedded database and port 4000', () => {
    const env = readEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.API_PORT).toBe(4000);
    expect(env.DATA_DIR).toMatch(/data$/);
  });

  it('treats a blank variable as unset', () => {
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() => readEnv({ API_PORT: 'eighty', DATABASE_URL: 'mysql://db/shop' })).toThrowError(
      /API_PORT[\s\S]*DATABASE_URL: must be a postgres/,
    );
  });

  it('takes a Redis URL for the abuse limits, and nothing else there', () => {
    expect(readEnv({}).REDIS_URL).toBeUndefined();
    expect(readEnv({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(() => readEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrowError(/REDIS_URL: must be a redis/);
  });
});
