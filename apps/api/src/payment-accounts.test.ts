import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { shopTenants, stripeAccountOf } from './wiring';

const alpenfunk = () => {
  const tenant = tenants().byId('alpenfunk');
  if (!tenant) throw new Error('no alpenfunk');
  return tenant;
};

describe("a tenant's Stripe account", () => {
  it('takes its keys from the variables its config names', () => {
    const source = {
      ALPENFUNK_STRIPE_SECRET_KEY: 'sk_live_alpenfunk',
      ALPENFUNK_STRIPE_WEBHOOK_SECRET: 'whsec_alpenfunk',
    };
    expect(stripeAccountOf({ NODE_ENV: 'production' }, alpenfunk(), source)).toEqual({
      secretKey: 'sk_live_alpenfunk',
      webhookSecret: 'whsec_alpenfunk',
    });
  });

  it("is the sandbox stand-in's outside production while the variables are unset", () => {
    expect(stripeAccountOf({ NODE_ENV: 'development' }, alpenfunk(), {})).toEqual({
      secretKey: 'sk_test_sandbox',
      webhookSecret: 'whsec_sandbox',
    });
  });

  it('stops a production start that lacks a key, naming the variable and the tenant', () => {
    const source = { ALPENFUNK_STRIPE_SECRET_KEY: 'sk_live_alpenfunk', ALPENFUNK_STRIPE_WEBHOOK_SECRET: ' ' };
    expect(() => stripeAccountOf({ NODE_ENV: 'production' }, alpenfunk(), source)).toThrow(
      'ALPENFUNK_STRIPE_WEBHOOK_SECRET must hold the Stripe key of tenant "alpenfunk".',
    );
    const saved = process.env.ALPENFUNK_STRIPE_SECRET_KEY;
    delete process.env.ALPENFUNK_STRIPE_SECRET_KEY;
    try {
      expect(() => shopTenants({ NODE_ENV: 'production' })).toThrow(/ALPENFUNK_STRIPE_SECRET_KEY/);
      expect(shopTenants({ NODE_ENV: 'development' }).byId('alpenfunk')).toBeDefined();
    } finally {
      if (saved !== undefined) process.env.ALPENFUNK_STRIPE_SECRET_KEY = saved;
    }
  });
});
