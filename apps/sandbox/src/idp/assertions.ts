import { createHash, randomBytes } from 'node:crypto';
import type { IdpKeys } from './keys';

/**
 * The assertion the identity provider hands the shop after a sign-in: a JWT (ES256) with
 *
 * - `iss` the provider's URL for the shop (`{publicBaseUrl}/idp/{shopId}`), `aud` the shop id;
 * - `sub` the subscriber, stable per shop and number; `msisdn` in E.164;
 * - `email` when the subscriber gave one, and `email_verified`;
 * - `iat`, `exp` (seconds) and `jti`, a random id of this assertion.
 */

export interface AssertionRequest {
  msisdn: string;
  email?: string;
  /** Whether the provider vouches for the e-mail; false without one. */
  emailVerified: boolean;
  /** Seconds from issue to expiry; negative gives one already expired. */
  expiresInSeconds: number;
  /** How long ago it was issued, in seconds. */
  issuedSecondsAgo: number;
  /** Another `aud` than the shop id. */
  audience?: string;
  /** Signed with a key the shop does not trust. */
  forge: boolean;
}

export const DEFAULT_LIFETIME_SECONDS = 300;

/** The provider's id of the subscriber of a number: the same on every sign-in and every restart. */
export function subjectOf(shopId: string, msisdn: string): string {
  return `sub_${createHash('sha256').update(`${shopId}:${msisdn}`).digest('base64url').slice(0, 22)}`;
}

export function issuerOf(publicBaseUrl: string, shopId: string): string {
  return `${publicBaseUrl}/idp/${shopId}`;
}

export function issueAssertion(
  keys: IdpKeys,
  { shopId, issuer, now = new Date() }: { shopId: string; issuer: string; now?: Date },
  request: AssertionRequest,
): string {
  const iat = Math.floor(now.getTime() / 1000) - request.issuedSecondsAgo;
  const claims = {
    iss: issuer,
    aud: request.audience ?? shopId,
    sub: subjectOf(shopId, request.msisdn),
    msisdn: request.msisdn,
    ...(request.email ? { email: request.email } : {}),
    email_verified: Boolean(request.email) && request.emailVerified,
    iat,
    exp: iat + request.expiresInSeconds,
    jti: randomBytes(16).toString('base64url'),
  };
  return keys.sign(shopId, claims, { forge: request.forge });
}
