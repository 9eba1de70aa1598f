import { CURRENCIES, type Currency, DEVICE_ID_PATTERN, isAllowedAppReturnUrl } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';

/** How long an entry link may be meant to live at most; a longer-lived one is refused as unsafe. */
export const MAX_ENTRY_LINK_LIFETIME_SECONDS = 60 * 60;
/** Clock difference between the app's server and ours that is forgiven. */
const CLOCK_TOLERANCE_SECONDS = 30;
/**
 * The longest a link can still be accepted after it was used: its longest life, from an `iat`
 * forgiven as up to 30 s ahead of our clock to an `exp` forgiven 30 s past it.
 */
export const ENTRY_LINK_ACCEPTED_AFTER_USE_MS =
  (MAX_ENTRY_LINK_LIFETIME_SECONDS + 2 * CLOCK_TOLERANCE_SECONDS) * 1000;

/** What a tenant's app vouches for in an entry link (docs/mobile-app.md). */
export interface AppEntry {
  /** The link's own id: it opens one session only. */
  linkId: string;
  msisdn: string;
  currency: Currency;
  deviceId?: string;
  /** Where the shopper goes back to the app; the tenant's deep link when the app names none. */
  returnUrl: string;
  /** When the link stops opening sessions: what the record of its use must outlive. */
  expiresAt: Date;
}

const claimsSchema = z.object({
  jti: z.string().min(8).max(128),
  aud: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  channel: z.literal('app'),
  msisdn: z.string().min(3).max(32),
  currency: z.enum(CURRENCIES),
  deviceId: z.string().regex(DEVICE_ID_PATTERN).optional(),
  returnUrl: z.string().max(2000).optional(),
});

export type EntryCheck = { ok: true; entry: AppEntry } | { ok: false; reason: string };

/** The token's payload if one of the keys signed it and its registered claims hold. */
async function verifiedWithAny(
  tenant: TenantConfig,
  keys: readonly string[],
  token: string,
  now: Date,
): Promise<{ ok: true; payload: unknown } | { ok: false; reason: string }> {
  let refusal = '';
  for (const key of keys) {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(key), {
        algorithms: ['HS256'],
        audience: tenant.shopId,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['jti', 'iat', 'exp'],
      });
      return { ok: true, payload };
    } catch (error) {
      if (!(error instanceof errors.JOSEError)) throw error;
      refusal = `${error.code}: ${error.message}`;
      // Signed with another key: the next may be the one. Anything else is this token's fault.
      if (!(error instanceof errors.JWSSignatureVerificationFailed)) break;
    }
  }
  return { ok: false, reason: refusal };
}

/**
 * Checks an entry link's token (decision 0050): an HS256 JWT signed with one of the tenant's app keys,
 * for this tenant (`aud`), not expired, meant to live an hour at most, with the claims of
 * docs/mobile-app.md and a return address the tenant allows. Whether it was used before is the
 * session's business. The reason of a refusal is for the log only.
 */
export async function checkEntryToken(
  tenant: TenantConfig,
  keys: readonly string[],
  token: string,
  now: Date,
): Promise<EntryCheck> {
  if (!tenant.flags.hasMobileAppFlow || !tenant.variations.mobileAppDeepLink) {
    return { ok: false, reason: 'the shop has no mobile-app flow' };
  }
  if (keys.length === 0) return { ok: false, reason: 'no app key is configured for the shop' };
  const verified = await verifiedWithAny(tenant, keys, token, now);
  if (!verified.ok) return verified;
  const { payload } = verified;
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return { ok: false, reason: `claims: ${claims.error.issues[0]?.message ?? ''}` };
  const { jti, iat, exp, msisdn, currency, deviceId, returnUrl } = claims.data;
  if (exp - iat > MAX_ENTRY_LINK_LIFETIME_SECONDS) return { ok: false, reason: 'meant to live too long' };
  if (iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'issued in the future' };
  const deepLink = tenant.variations.mobileAppDeepLink;
  const allowed = [deepLink, ...tenant.variations.mobileAppReturnUrls];
  if (returnUrl !== undefined && !isAllowedAppReturnUrl(returnUrl, allowed)) {
    return { ok: false, reason: 'a return address the shop does not allow' };
  }
  return {
    ok: true,
    entry: {
      linkId: jti,
      msisdn,
      currency,
      ...(deviceId ? { deviceId } : {}),
      returnUrl: returnUrl ?? deepLink,
      expiresAt: new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000),
    },
  };
}
