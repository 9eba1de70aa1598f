import { type TenantConfig, tenants } from '@shop/tenants';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { type AbuseLimitOptions, createAbuseLimits } from './rate-limits';

const funkfix = tenants().byId('funkfix') as TenantConfig;

/** A bare app whose one route sends a "code" to the number it is given, as the tenant configures. */
async function codeSender(tenantLimits: TenantConfig['abuseLimits'], options: AbuseLimitOptions = {}) {
  const app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest('tenant', null as unknown as TenantConfig);
  app.addHook('onRequest', async (request) => {
    request.tenant = { ...funkfix, abuseLimits: tenantLimits } as TenantConfig;
  });
  const limits = createAbuseLimits(options);
  app.post<{ Body: { to: string } }>('/code', async (request) => {
    await limits.take(request, [
      { limit: 'otpPerNumber', subject: request.body.to },
      { limit: 'otpPerNumberDaily', subject: request.body.to },
    ]);
    return { sent: true };
  });
  const send = async (to: string) =>
    (await app.inject({ method: 'POST', url: '/code', payload: { to } })).statusCode;
  return { app, send };
}

describe('abuse limits', () => {
  it('use the defaults unless the tenant sets its own ceiling per number', async () => {
    const standard = await codeSender({});
    const sent = [];
    for (let i = 0; i < 4; i += 1) sent.push(await standard.send('+4917000000001'));
    expect(sent).toEqual([200, 200, 200, 429]);

    const strict = await codeSender({ otpPerNumberPerHour: 1 });
    expect([await strict.send('+4917000000001'), await strict.send('+4917000000001')]).toEqual([200, 429]);
    const daily = await codeSender({ otpPerNumberPerDay: 2 }, { overrides: { otpPerNumber: { max: 5 } } });
    const days = [];
    for (let i = 0; i < 3; i += 1) days.push(await daily.send('+4917000000002'));
    expect(days).toEqual([200, 200, 429]);
    await Promise.all([standard.app.close(), strict.app.close(), daily.app.close()]);
  });

  it('count a refused use against none of the limits', async () => {
    const { app, send } = await codeSender(
      { otpPerNumberPerDay: 2 },
      { overrides: { otpPerNumber: { max: 1, windowMs: 300 } } },
    );
    const to = '+4917000000003';
    expect(await send(to)).toBe(200);
    for (let i = 0; i < 5; i += 1) expect(await send(to)).toBe(429);
    // Had the refusals counted per day, the day's two would be long used up.
    const deadline = Date.now() + 10_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await send(to);
    }
    expect(status).toBe(200);
    await app.close();
  });
});
