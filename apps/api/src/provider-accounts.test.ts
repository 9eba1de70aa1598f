import { tenants } from '@shop/tenants';
import { describe, expect, it } from 'vitest';
import { dtoneAccountOf, shopTenants, stripeAccountOf, twilioAccountOf } from './wiring';

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

describe("a tenant's Twilio account", () => {
  it('takes its credentials from the variables its config names', () => {
    const source = { ALPENFUNK_TWILIO_ACCOUNT_SID: 'AC0123', ALPENFUNK_TWILIO_AUTH_TOKEN: 'token' };
    expect(twilioAccountOf({ NODE_ENV: 'production' }, alpenfunk(), source)).toEqual({
      accountSid: 'AC0123',
      authToken: 'token',
    });
  });

  it("is the sandbox stand-in's outside production while the variables are unset", () => {
    expect(twilioAccountOf({ NODE_ENV: 'development' }, alpenfunk(), {})).toEqual({
      accountSid: 'AC5a9db0c1e2f3a4b5c6d7e8f9a0b1c2d3',
      authToken: 'sandbox-twilio-auth-token',
    });
  });

  it('stops a production start that lacks a credential, naming the variable and the tenant', () => {
    expect(() =>
      twilioAccountOf({ NODE_ENV: 'production' }, alpenfunk(), { ALPENFUNK_TWILIO_ACCOUNT_SID: 'AC0123' }),
    ).toThrow('ALPENFUNK_TWILIO_AUTH_TOKEN must hold the Twilio credentials of tenant "alpenfunk".');
    const names = [
      'ALPENFUNK_STRIPE_SECRET_KEY',
      'ALPENFUNK_STRIPE_WEBHOOK_SECRET',
      'ALPENFUNK_TWILIO_ACCOUNT_SID',
    ];
    const saved = names.map((name) => process.env[name]);
    process.env.ALPENFUNK_STRIPE_SECRET_KEY = 'sk_live_alpenfunk';
    process.env.ALPENFUNK_STRIPE_WEBHOOK_SECRET = 'whsec_alpenfunk';
    delete process.env.ALPENFUNK_TWILIO_ACCOUNT_SID;
    try {
      expect(() => shopTenants({ NODE_ENV: 'production' })).toThrow(/ALPENFUNK_TWILIO_ACCOUNT_SID/);
    } finally {
      names.forEach((name, index) => {
        const value = saved[index];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      });
    }
  });
});

describe("a tenant's DT One account", () => {
  it('takes its key and secret from the variables its config names, and the stand-in’s outside production', () => {
    const source = { ALPENFUNK_DTONE_API_KEY: 'key', ALPENFUNK_DTONE_API_SECRET: 'secret' };
    expect(dtoneAccountOf({ NODE_ENV: 'production' }, alpenfunk(), source)).toEqual({
      apiKey: 'key',
      apiSecret: 'secret',
    });
    expect(dtoneAccountOf({ NODE_ENV: 'development' }, alpenfunk(), {})).toEqual({
      apiKey: 'dtone-sandbox-key',
      apiSecret: 'dtone-sandbox-secret',
    });
    expect(() =>
      dtoneAccountOf({ NODE_ENV: 'production' }, alpenfunk(), { ALPENFUNK_DTONE_API_KEY: 'key' }),
    ).toThrow('ALPENFUNK_DTONE_API_SECRET must hold the DT One key of tenant "alpenfunk".');
  });
});
