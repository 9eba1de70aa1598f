import { isIP } from 'node:net';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { DomainError } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** At most `max` uses in `windowMs`. */
export interface Allowance {
  max: number;
  windowMs: number;
}

/** The abuse limits and their defaults (docs/decisions/0015-abuse-limits.md); every count is per tenant. */
export const DEFAULT_ABUSE_LIMITS = {
  /** One-time codes sent by SMS to one number. */
  otpPerNumber: { max: 3, windowMs: HOUR },
  otpPerNumberDaily: { max: 8, windowMs: DAY },
  /** One-time codes sent by SMS at the request of one client address. */
  otpPerClient: { max: 10, windowMs: HOUR },
  /**
   * Every one-time code a shop sends: a ceiling on its SMS spend that holds even against a caller
   * who forges its address and walks through numbers.
   */
  otpPerShop: { max: 1000, windowMs: HOUR },
  /** The contact step (checkout-address, resend-otp), whether or not a code goes out. */
  contact: { max: 20, windowMs: MINUTE },
  numberLookup: { max: 30, windowMs: MINUTE },
  /** Postcode look-ups of the address forms (checkout and profile). */
  addressLookup: { max: 30, windowMs: MINUTE },
  /** Creating and changing carts. */
  cart: { max: 60, windowMs: MINUTE },
  /** Starting payments at the provider. */
  payment: { max: 10, windowMs: MINUTE },
  /** The result page asks every 2 s, up to 10 times per payment. */
  commitPolling: { max: 60, windowMs: MINUTE },
  /** Sign-in tries (password or code), from one address and for one user name. */
  signInPerClient: { max: 30, windowMs: 15 * MINUTE },
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** Registrations from one address. */
  registerPerClient: { max: 10, windowMs: HOUR },
  /** Confirmation and reset codes checked, from one address (each code also dies after five wrong tries). */
  codeCheckPerClient: { max: 30, windowMs: 15 * MINUTE },
  /** Account codes (confirmation, reset, sign-in) sent to one address or number, and at one client's request. */
  accountCodePerRecipient: { max: 5, windowMs: HOUR },
  accountCodePerClient: { max: 20, windowMs: HOUR },
  /** Copies of an account's data: each reads every order of the account. */
  accountExport: { max: 10, windowMs: HOUR },
  /** "Send again" of an order's voucher PINs by SMS or WhatsApp, per order (decision 0048). */
  voucherSendAgain: { max: 3, windowMs: HOUR },
  /** The storefront's error reports. */
  clientLog: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, Allowance>;

export type AbuseLimitName = keyof typeof DEFAULT_ABUSE_LIMITS;

/** The limits on codes sent, refused as OTP_RESEND_TIME_LIMIT_RESTRICTION (spec §8 otpResendTimeLimit). */
const OTP_LIMITS: ReadonlySet<AbuseLimitName> = new Set([
  'otpPerNumber',
  'otpPerNumberDaily',
  'otpPerClient',
  'otpPerShop',
  'accountCodePerRecipient',
  'accountCodePerClient',
]);

/** The ceilings a tenant's config may lower or raise. */
const TENANT_MAX: Partial<Record<AbuseLimitName, (tenant: TenantConfig) => number | undefined>> = {
  otpPerNumber: (tenant) => tenant.abuseLimits.otpPerNumberPerHour,
  otpPerNumberDaily: (tenant) => tenant.abuseLimits.otpPerNumberPerDay,
};

export interface AbuseLimitOptions {
  /** Counts kept in this Redis, shared by every API process using it; in process memory without. */
  redis?: Redis;
  /** Numbers or windows other than the defaults (tests use short windows). */
  overrides?: Partial<Record<AbuseLimitName, Partial<Allowance>>>;
}

/** One use of a limit: the limit and whom it counts for (a client address, a phone number). */
export interface LimitUse {
  limit: AbuseLimitName;
  subject: string;
}

export interface AbuseLimits {
  /** An `onRequest` hook counting the call against `limit` for the caller's address. */
  guard(limit: AbuseLimitName): (request: FastifyRequest) => Promise<void>;
  /**
   * Counts one use of each limit; refuses with 429 and `Retry-After` when any is used up, and
   * then counts none of them (unless another call took the last use at the same moment).
   */
  take(request: FastifyRequest, uses: readonly LimitUse[]): Promise<void>;
}

/** The shopper's address: the storefront's `X-CLIENT-IP` when it is an IP address, else the peer's. */
export function clientAddress(request: FastifyRequest): string {
  const header = request.headers['x-client-ip'];
  const given = (Array.isArray(header) ? header[0] : header)?.trim();
  return normalizeIP(given && isIP(given) ? given : request.ip);
}

/** The request as a manual limiter of @fastify/rate-limit reads it, with the key and ceiling of one use. */
interface Probe extends FastifyRequest {
  limitKey: string;
  limitMax: number;
}

function refusal(limit: AbuseLimitName, ttlMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const options = { retryAfterSeconds: seconds };
  return OTP_LIMITS.has(limit)
    ? new DomainError(
        'OTP_RESEND_TIME_LIMIT_RESTRICTION',
        `Too many codes were sent; a new one can be sent in ${seconds} s`,
        options,
      )
    : new DomainError('TOO_MANY_REQUESTS', `Too many requests; try again in ${seconds} s`, options);
}

/** Registers @fastify/rate-limit (no limit of its own on any route) and answers the named limits. */
export async function registerAbuseLimits(
  app: FastifyInstance,
  { redis, overrides = {} }: AbuseLimitOptions = {},
): Promise<AbuseLimits> {
  await app.register(rateLimit, { global: false, redis, nameSpace: 'shop-limits:' });
  const names = Object.keys(DEFAULT_ABUSE_LIMITS) as AbuseLimitName[];
  const allowances = Object.fromEntries(
    names.map((name) => [name, { ...DEFAULT_ABUSE_LIMITS[name], ...overrides[name] }]),
  ) as Record<AbuseLimitName, Allowance>;
  const counters = Object.fromEntries(
    names.map((name) => [
      name,
      app.createRateLimit({
        keyGenerator: (request) => (request as Probe).limitKey,
        max: (request) => (request as Probe).limitMax,
        timeWindow: allowances[name].windowMs,
      }),
    ]),
  ) as Record<AbuseLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  /** Where the use stands: `full` when no further use is allowed, and for how long. */
  async function state(request: FastifyRequest, use: LimitUse, increment: boolean) {
    const probe: Probe = Object.assign(Object.create(request) as FastifyRequest, {
      limitKey: `${use.limit}:${request.tenant.shopId}:${use.subject}`,
      limitMax: TENANT_MAX[use.limit]?.(request.tenant) ?? allowances[use.limit].max,
    });
    const result = await counters[use.limit](probe, { increment });
    if (result.isAllowed) return { use, full: false, ttl: 0 };
    return { use, full: increment ? result.isExceeded : result.remaining === 0, ttl: result.ttl };
  }

  async function count(request: FastifyRequest, uses: readonly LimitUse[]): Promise<void> {
    if (uses.length > 1) {
      const before = await Promise.all(uses.map((use) => state(request, use, false)));
      const full = before.find((use) => use.full);
      if (full) throw refusal(full.use.limit, full.ttl);
    }
    const after = await Promise.all(uses.map((use) => state(request, use, true)));
    const over = after.find((use) => use.full);
    if (over) throw refusal(over.use.limit, over.ttl);
  }

  async function take(request: FastifyRequest, uses: readonly LimitUse[]): Promise<void> {
    try {
      await count(request, uses);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // A store outage must not stop the shop: the call goes through uncounted.
      request.log.warn({ err: error }, 'abuse limits unavailable; the call is not counted');
    }
  }

  return {
    guard: (limit) => (request) => take(request, [{ limit, subject: clientAddress(request) }]),
    take,
  };
}
