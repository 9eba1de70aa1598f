import { readUserName } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { UpstreamUnavailableError } from './http';

/**
 * A tenant's identity provider, as single sign-on sees it (decision 0035): the assertion it hands
 * the shopper is an ES256 JWT signed by a key of the provider's key set (fetched with jose, not
 * with `createHttpClient`), from its issuer, for this shop (`aud` = shop id), not expired, not
 * older than five minutes, with the claims the sign-in needs. Whether it was used before is the
 * caller's check (`jti`).
 */

export class IdentityProviderUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'IdentityProviderUnavailableError';
}

export type IdentityProvider = NonNullable<TenantConfig['sso']>;

/** What an assertion must satisfy beyond its issuer and audience. */
export const ASSERTION_RULES = {
  algorithms: ['ES256'],
  clockToleranceSeconds: 30,
  maxAgeSeconds: 5 * 60,
} as const;

/** Key sets are fetched again after this long, or sooner when an assertion names an unknown key. */
const KEY_SET_CACHE_MS = 10 * 60 * 1000;
/** After a fetch, an unknown key id waits this long before the next one (a flood of made-up ids costs one fetch). */
const KEY_SET_COOLDOWN_MS = 30 * 1000;
const KEY_SET_TIMEOUT_MS = 5 * 1000;

const MSISDN = /^\+\d{6,15}$/;
const MAX_ID_LENGTH = 255;

/** The shopper the provider vouches for, and how long its assertion would still be accepted. */
export interface SsoIdentity {
  subject: string;
  /** E.164. */
  msisdn: string;
  /** Lower-cased; null when the provider gave none (or none that is an address). */
  email: string | null;
  emailVerified: boolean;
  jti: string;
  /** Past this moment the assertion is refused anyway, so its `jti` need not be kept longer. */
  acceptedUntil: Date;
}

export type AssertionCheck = { ok: true; identity: SsoIdentity } | { ok: false; reason: string };

export type AssertionVerifier = (
  provider: IdentityProvider,
  shopId: string,
  assertion: string,
  now: Date,
) => Promise<AssertionCheck>;

const idOf = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH ? value : undefined;

function emailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const user = readUserName(value, { phoneRegistration: false, phoneCountryCodes: [] });
  return user.ok ? user.userName : null;
}

/**
 * Failures that are the provider's (its key set unreachable, slow or malformed), not the
 * assertion's: the shopper may try again later.
 */
function isProviderOutage(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === errors.JOSEError.code
  );
}

/**
 * A verifier that keeps each provider's key set for the life of the process (see the constants);
 * throws IdentityProviderUnavailableError when it cannot get the key set.
 */
export function createAssertionVerifier(): AssertionVerifier {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetOf = (jwksUrl: string) => {
    let keySet = keySets.get(jwksUrl);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUrl), {
        cacheMaxAge: KEY_SET_CACHE_MS,
        cooldownDuration: KEY_SET_COOLDOWN_MS,
        timeoutDuration: KEY_SET_TIMEOUT_MS,
      });
      keySets.set(jwksUrl, keySet);
    }
    return keySet;
  };

  return async (provider, shopId, assertion, now) => {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(assertion, keySetOf(provider.jwksUrl), {
        issuer: provider.issuer,
        audience: shopId,
        algorithms: [...ASSERTION_RULES.algorithms],
        clockTolerance: ASSERTION_RULES.clockToleranceSeconds,
        maxTokenAge: ASSERTION_RULES.maxAgeSeconds,
        requiredClaims: ['exp', 'iat', 'jti', 'sub'],
        currentDate: now,
      }));
    } catch (error) {
      if (isProviderOutage(error)) {
        throw new IdentityProviderUnavailableError(`The key set at ${provider.jwksUrl} cannot be read`, 1, {
          cause: error,
        });
      }
      return { ok: false, reason: `${(error as errors.JOSEError).code}: ${(error as Error).message}` };
    }
    const subject = idOf(payload.sub);
    const jti = idOf(payload.jti);
    const { msisdn } = payload;
    if (!subject || !jti) return { ok: false, reason: 'sub or jti is empty or too long' };
    if (typeof msisdn !== 'string' || !MSISDN.test(msisdn))
      return { ok: false, reason: 'msisdn is not E.164' };
    const { exp = 0, iat = 0 } = payload;
    const lastSecond =
      Math.min(exp, iat + ASSERTION_RULES.maxAgeSeconds) + ASSERTION_RULES.clockToleranceSeconds;
    return {
      ok: true,
      identity: {
        subject,
        msisdn,
        email: emailOf(payload.email),
        emailVerified: payload.email_verified === true,
        jti,
        acceptedUntil: new Date(lastSecond * 1000),
      },
    };
  };
}
