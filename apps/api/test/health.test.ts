import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from '../src/routes/health';

/** The health route over a database port that counts its pings and answers them when told. */
async function healthWith(pingFails = false) {
  let pings = 0;
  let clock = 0;
  const waiting: (() => void)[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, {
    ping: () => {
      pings += 1;
      return new Promise<void>((resolve, reject) =>
        waiting.push(() => (pingFails ? reject(new Error('unreachable')) : resolve())),
      );
    },
    background: async () => ({
      worker: { alive: true, lastSeenAt: new Date().toISOString() },
      jobs: { waiting: 0, failed: 0 },
    }),
    now: () => clock,
  });
  const answerPings = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  const wait = (ms: number) => {
    clock += ms;
  };
  return { app, pings: () => pings, answerPings, wait };
}

const healthOf = (app: Awaited<ReturnType<typeof healthWith>>['app']) =>
  app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health under a crowd of monitors', () => {
  it('asks the database once for the callers of a quarter second, and anew after', async () => {
    const { app, pings, answerPings, wait } = await healthWith();
    const crowd = Array.from({ length: 20 }, () => healthOf(app));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pings()).toBe(1);
    answerPings();
    expect((await Promise.all(crowd)).map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    wait(250);
    expect((await healthOf(app)).statusCode).toBe(200);
    expect(pings()).toBe(1);

    wait(1);
    const next = healthOf(app);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pings()).toBe(2);
    answerPings();
    expect((await next).statusCode).toBe(200);
    await app.close();
  });

  it('answers every caller of a failed ping 503, and the next caller asks again', async () => {
    const { app, pings, answerPings } = await healthWith(true);
    const crowd = Array.from({ length: 5 }, () => healthOf(app));
    await new Promise((resolve) => setImmediate(resolve));
    answerPings();
    for (const response of await Promise.all(crowd)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    const next = healthOf(app);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pings()).toBe(2);
    answerPings();
    expect((await next).statusCode).toBe(503);
    await app.close();
  });
});
