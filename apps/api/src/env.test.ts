import { describe, expect, it } from 'vitest';
import { apiProcessCount, appEntryKeysOf, isDemoDeployment, readEnv } from './env';
import { DEVELOPMENT_PIN_KEY } from './vouchers/pin-crypto';

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

  it('runs one API process per core on PostgreSQL and one on the embedded database (decision 0053)', () => {
    const postgres = readEnv({ DATABASE_URL: 'postgres://db/shop' });
    expect(apiProcessCount(postgres, 8)).toBe(8);
    expect(apiProcessCount(readEnv({ DATABASE_URL: 'postgres://db/shop', API_PROCESSES: '3' }), 8)).toBe(3);
    expect(apiProcessCount(readEnv({}), 8)).toBe(1);
    expect(() => readEnv({ API_PROCESSES: '2' })).toThrowError(
      /API_PROCESSES: must be 1 on the embedded database/,
    );
  });

  it('takes TRUSTED_PROXIES as addresses, ranges and the names of ranges only', () => {
    expect(readEnv({ TRUSTED_PROXIES: '10.0.0.0/8, loopback fd00::1' }).TRUSTED_PROXIES).toBe(
      '10.0.0.0/8, loopback fd00::1',
    );
    expect(() => readEnv({ TRUSTED_PROXIES: 'storefront.internal' })).toThrowError(
      /TRUSTED_PROXIES: must be addresses, CIDR ranges/,
    );
  });

  it('names every bad variable', () => {
    expect(() => readEnv({ API_PORT: 'eighty', DATABASE_URL: 'mysql://db/shop' })).toThrowError(
      /API_PORT[\s\S]*DATABASE_URL: must be a postgres/,
    );
  });

  it('refuses to start in production on a public secret or a missing key, naming the variable', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const production = {
      NODE_ENV: 'production',
      VOUCHER_PIN_KEY: key,
      PSP_WEBHOOK_SECRET: 'a-secret-of-our-own',
      OPERATOR_WEBHOOK_SECRET: 'an-operator-secret-of-our-own',
    };
    expect(readEnv(production).PSP_WEBHOOK_SECRET).toBe('a-secret-of-our-own');
    expect(() => readEnv({ ...production, PSP_WEBHOOK_SECRET: undefined })).toThrowError(
      /PSP_WEBHOOK_SECRET: must be set/,
    );
    expect(() => readEnv({ ...production, PSP_WEBHOOK_SECRET: 'sandbox-webhook-secret' })).toThrowError(
      /PSP_WEBHOOK_SECRET/,
    );
    expect(() => readEnv({ ...production, OPERATOR_WEBHOOK_SECRET: 'sandbox-operator-secret' })).toThrowError(
      /OPERATOR_WEBHOOK_SECRET/,
    );
    expect(() => readEnv({ ...production, VOUCHER_PIN_KEY: undefined })).toThrowError(
      /VOUCHER_PIN_KEY: must be set/,
    );
    expect(() => readEnv({ ...production, VOUCHER_PIN_KEY: DEVELOPMENT_PIN_KEY })).toThrowError(
      /VOUCHER_PIN_KEY/,
    );
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrowError(
      /VOUCHER_PIN_KEY[\s\S]*PSP_WEBHOOK_SECRET[\s\S]*OPERATOR_WEBHOOK_SECRET/,
    );
    expect(() =>
      readEnv({ ...production, APP_ENTRY_KEYS: 'callhome:sandbox-app-key-callhome' }),
    ).toThrowError(/APP_ENTRY_KEYS/);
  });

  it('gives each tenant’s app its key; in production none until it is set (decision 0050)', () => {
    expect(appEntryKeysOf(readEnv({}))).toEqual(new Map([['callhome', ['sandbox-app-key-callhome']]]));
    const production = { NODE_ENV: 'production' } as const;
    expect(appEntryKeysOf(production)).toEqual(new Map());
    const keys =
      'callhome:a-key-of-twenty-chars, other-shop:another-long-key-1 callhome:the-next-key-of-2027';
    expect(appEntryKeysOf({ ...production, APP_ENTRY_KEYS: keys })).toEqual(
      new Map([
        ['callhome', ['a-key-of-twenty-chars', 'the-next-key-of-2027']],
        ['other-shop', ['another-long-key-1']],
      ]),
    );
    expect(() => readEnv({ APP_ENTRY_KEYS: 'callhome:short' })).toThrowError(/APP_ENTRY_KEYS/);
  });

  it('keeps the development defaults outside production', () => {
    expect(readEnv({}).PSP_WEBHOOK_SECRET).toBe('sandbox-webhook-secret');
    expect(readEnv({ NODE_ENV: 'test' }).VOUCHER_PIN_KEY).toBeUndefined();
  });

  it('is a demo outside production, in production only when DEMO_DEPLOYMENT says so (decision 0061)', () => {
    expect(isDemoDeployment(readEnv({}))).toBe(true);
    expect(isDemoDeployment({ NODE_ENV: 'production' })).toBe(false);
    expect(isDemoDeployment({ NODE_ENV: 'production', DEMO_DEPLOYMENT: 'true' })).toBe(true);
    expect(isDemoDeployment(readEnv({ DEMO_DEPLOYMENT: 'false' }))).toBe(false);
    expect(() => readEnv({ DEMO_DEPLOYMENT: 'yes' })).toThrowError(/DEMO_DEPLOYMENT: must be true or false/);
  });

  it('takes a Redis URL for the abuse limits, and nothing else there', () => {
    expect(readEnv({}).REDIS_URL).toBeUndefined();
    expect(readEnv({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(() => readEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrowError(/REDIS_URL: must be a redis/);
  });
});
