import { type Allowance, DomainError, type ErrorCode } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { clientAddress } from './client-address';
import { type LimitStore, memoryLimitStore, redisLimitStore } from './limit-store';

export type { Allowance };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The abuse limits and their defaults (docs/decisions/0015-abuse-limits.md); every count is per
 * tenant. Each is a bucket of `max` uses refilled over `windowMs`. Limits per client address are
 * sized for a mobile carrier's shared address, with a hundred shoppers a minute behind it; the
 * tight ones count what identifies one shopper: the number, the cart, the order, the account.
 */
export const DEFAULT_ABUSE_LIMITS = {
  /** One-time codes sent by SMS to one number. */
  otpPerNumber: { max: 3, windowMs: HOUR },
  otpPerNumberDaily: { max: 8, windowMs: DAY },
  /** One-time codes sent by SMS at the request of one client address. */
  otpPerClient: { max: 100, windowMs: HOUR },
  /**
   * Every one-time code a shop sends: a ceiling on its SMS spend that holds even against a caller
   * who forges its address and walks through numbers.
   */
  otpPerShop: { max: 1000, windowMs: HOUR },
  /** The contact step (checkout-address, resend-otp), whether or not a code goes out. */
  contact: { max: 200, windowMs: MINUTE },
  numberLookup: { max: 200, windowMs: MINUTE },
  /** Postcode look-ups of the address forms (checkout and profile). */
  addressLookup: { max: 200, windowMs: MINUTE },
  /** Creating and changing carts. */
  cart: { max: 200, windowMs: MINUTE },
  /** Starting payments at the provider, from one address and for one cart. */
  payment: { max: 150, windowMs: MINUTE },
  paymentPerCart: { max: 10, windowMs: 10 * MINUTE },
  /** The result page asks every 2 s, up to 10 times per payment. */
  commitPolling: { max: 250, windowMs: MINUTE },
  commitPollingPerOrder: { max: 30, windowMs: MINUTE },
  /**
   * Failed sign-ins (a wrong password, code, assertion or app link): from one address, for one
   * user name from one address, and for one user name by password from anywhere. A success
   * counts against none of them.
   */
  signInPerClient: { max: 300, windowMs: 15 * MINUTE },
  signInPerAccountAndClient: { max: 10, windowMs: 15 * MINUTE },
  signInPerAccount: { max: 50, windowMs: 15 * MINUTE },
  /** Registrations from one address. */
  registerPerClient: { max: 50, windowMs: HOUR },
  /** Confirmation and reset codes checked, from one address (each code also dies after five wrong tries). */
  codeCheckPerClient: { max: 200, windowMs: 15 * MINUTE },
  /** Account codes (confirmation, reset, sign-in) sent to one address or number, and at one client's request. */
  accountCodePerRecipient: { max: 5, windowMs: HOUR },
  accountCodePerClient: { max: 100, windowMs: HOUR },
  /** Copies of an account's data: each reads every order of the account. */
  accountExport: { max: 10, windowMs: HOUR },
  /** "Send again" of an order's voucher PINs by SMS or WhatsApp, per order (decision 0048). */
  voucherSendAgain: { max: 3, windowMs: HOUR },
  /** "Send again" of a light top-up's link by SMS, per automatic top-up (decision 0042). */
  lightLinkSendAgain: { max: 3, windowMs: HOUR },
  /** The storefront's error reports. */
  clientLog: { max: 120, windowMs: MINUTE },
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
  /**
   * A try of a secret (password, code, assertion, app link): refused while any of the limits is
   * used up, counted against them only when it fails as a wrong secret.
   */
  secretTry<T>(request: FastifyRequest, uses: readonly LimitUse[], tryIt: () => Promise<T>): Promise<T>;
}

/** The refusals that mean "wrong secret": what a guesser gets, and what the sign-in limits count. */
const WRONG_SECRET: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'NotAuthorizedException',
  'AUTHENTICATION_FAILED',
  'INVALID_VERIFICATION_CODE',
  'APP_ENTRY_LINK_INVALID',
]);

/**
 * The sign-in limits a try counts against: its address, its user name from that address, and,
 * for a password, its user name from anywhere (a code sent to the owner stays open to them).
 */
export function signInUses(
  request: FastifyRequest,
  userName?: string,
  { byPassword = true }: { byPassword?: boolean } = {},
): LimitUse[] {
  const client = clientAddress(request);
  const uses: LimitUse[] = [{ limit: 'signInPerClient', subject: client }];
  if (userName === undefined) return uses;
  const account = userName.trim().toLowerCase();
  uses.push({ limit: 'signInPerAccountAndClient', subject: `${account} ${client}` });
  if (byPassword) uses.push({ limit: 'signInPerAccount', subject: account });
  return uses;
}

/** Whose counts a call uses: its tenant's, or the back office's for staff calls (no tenant). */
const scopeOf = (request: FastifyRequest): string => request.tenant?.shopId ?? 'backoffice';

function refusal(limit: AbuseLimitName, waitMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const options = { retryAfterSeconds: seconds };
  return OTP_LIMITS.has(limit)
    ? new DomainError(
        'OTP_RESEND_TIME_LIMIT_RESTRICTION',
        `Too many codes were sent; a new one can be sent in ${seconds} s`,
        options,
      )
    : new DomainError('TOO_MANY_REQUESTS', `Too many requests; try again in ${seconds} s`, options);
}

/** The named limits, counted in Redis when given (shared by every API process), else in memory. */
export function createAbuseLimits({ redis, overrides = {} }: AbuseLimitOptions = {}): AbuseLimits {
  const store: LimitStore = redis ? redisLimitStore(redis) : memoryLimitStore();
  const allowanceOf = (request: FastifyRequest, limit: AbuseLimitName): Allowance => {
    const allowance = { ...DEFAULT_ABUSE_LIMITS[limit], ...overrides[limit] };
    const tenantMax = request.tenant ? TENANT_MAX[limit]?.(request.tenant) : undefined;
    return { ...allowance, max: tenantMax ?? allowance.max };
  };

  /** The first of the uses that does not fit, with how long until it would. */
  async function firstFull(request: FastifyRequest, uses: readonly LimitUse[], count: boolean) {
    const verdicts = await Promise.all(
      uses.map(async (use) => ({
        use,
        verdict: await store.use(
          `${use.limit}:${scopeOf(request)}:${use.subject}`,
          allowanceOf(request, use.limit),
          count,
        ),
      })),
    );
    for (const { use, verdict } of verdicts) {
      if (!verdict.allowed) return { limit: use.limit, retryAfterMs: verdict.retryAfterMs };
    }
    return undefined;
  }

  /** Runs a step of the store; an outage must not stop the shop: the call goes through uncounted. */
  async function orUncounted(request: FastifyRequest, step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The outage itself is logged once by the store's connection (main.ts), not once per call.
      request.log.debug({ err: error }, 'abuse limits unavailable; the call is not counted');
    }
  }

  const refuseWhenFull = async (request: FastifyRequest, uses: readonly LimitUse[], count: boolean) => {
    const full = await firstFull(request, uses, count);
    if (full) throw refusal(full.limit, full.retryAfterMs);
  };

  async function take(request: FastifyRequest, uses: readonly LimitUse[]): Promise<void> {
    await orUncounted(request, async () => {
      if (uses.length > 1) await refuseWhenFull(request, uses, false);
      await refuseWhenFull(request, uses, true);
    });
  }

  async function secretTry<T>(
    request: FastifyRequest,
    uses: readonly LimitUse[],
    tryIt: () => Promise<T>,
  ): Promise<T> {
    await orUncounted(request, () => refuseWhenFull(request, uses, false));
    try {
      return await tryIt();
    } catch (error) {
      if (error instanceof DomainError && WRONG_SECRET.has(error.code)) {
        await orUncounted(request, async () => void (await firstFull(request, uses, true)));
      }
      throw error;
    }
  }

  return {
    guard: (limit) => (request) => take(request, [{ limit, subject: clientAddress(request) }]),
    take,
    secretTry,
  };
}
