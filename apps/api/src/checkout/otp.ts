import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Cart } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import {
  DomainError,
  isLanguage,
  maskMsisdn,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_PATTERN,
  OTP_VALIDITY_MS,
  otpResendWaitSeconds,
} from '@shop/domain';
import { tenantTranslations } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { IntlMessageFormat } from 'intl-messageformat';
import { findCartForUpdate } from '../cart/service';
import type { CheckoutContext } from './context';

const { otpChallenges } = schema;

const hashCode = (cartId: string, code: string) =>
  createHash('sha256').update(`${cartId}:${code}`).digest('hex');

/** A code that is due to go out: the caller sends it once the transaction has committed. */
export interface PendingOtp {
  cartId: string;
  phoneNumber: string;
  code: string;
  codeHash: string;
  language: string;
  /** The cart's earlier open code to the same number, which stands again when this one cannot go out. */
  replaced?: Partial<typeof otpChallenges.$inferInsert>;
}

/** The refusal of a code check or resend for a cart that no code went to. */
export const noCodeSent = () => new DomainError('OTP_NOT_REQUESTED', 'No code was sent for this cart');

/** The cart's challenge, if any. */
export async function challengeOf(tx: Transaction, cart: Cart) {
  const [challenge] = await tx.select().from(otpChallenges).where(eq(otpChallenges.cartId, cart.id));
  return challenge;
}

/**
 * Opens a new code for the cart's phone number, replacing an earlier one; refused with
 * OTP_RESEND_TIME_LIMIT_RESTRICTION while the last code is younger than a minute.
 */
export async function openChallenge(
  tx: Transaction,
  { now }: Pick<CheckoutContext, 'now'>,
  cart: Cart,
  phoneNumber: string,
  language: string,
): Promise<PendingOtp> {
  const earlier = await challengeOf(tx, cart);
  const wait = otpResendWaitSeconds(earlier?.sentAt ?? undefined, now);
  if (wait > 0) {
    throw new DomainError(
      'OTP_RESEND_TIME_LIMIT_RESTRICTION',
      `A code was sent less than a minute ago; a new one can be sent in ${wait} s`,
      { retryAfterSeconds: wait },
    );
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const values = {
    phoneNumber,
    codeHash: hashCode(cart.id, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
    verifiedAt: null,
  };
  await tx
    .insert(otpChallenges)
    .values({ cartId: cart.id, ...values })
    .onConflictDoUpdate({ target: otpChallenges.cartId, set: values });
  // Only an open code to the same number may stand again, never the confirmation of another number.
  const standsAgain = earlier?.phoneNumber === phoneNumber && !earlier.verifiedAt;
  const replaced = standsAgain ? { ...earlier, cartId: undefined } : undefined;
  return { cartId: cart.id, phoneNumber, code, codeHash: values.codeHash, language, replaced };
}

/**
 * Takes back a code that did not go out: the cart's earlier code stands again, or without one
 * nothing counts as sent (so the shopper may ask again at once). A newer code is left alone.
 */
async function withdrawChallenge(db: CheckoutContext['db'], pending: PendingOtp): Promise<void> {
  await db
    .update(otpChallenges)
    .set(pending.replaced ?? { sentAt: null })
    .where(and(eq(otpChallenges.cartId, pending.cartId), eq(otpChallenges.codeHash, pending.codeHash)));
}

/**
 * Sends the code by SMS, outside any transaction, once the abuse limits allow one more to the
 * number (else 429). When the limits refuse or the gateway fails, the code is withdrawn; a
 * gateway failure answers 503.
 */
export async function sendChallenge(context: CheckoutContext, pending: PendingOtp): Promise<string> {
  const { tenant, messages, db, log } = context;
  try {
    await context.allowCode(pending.phoneNumber);
  } catch (error) {
    await withdrawChallenge(db, pending);
    throw error;
  }
  const language =
    isLanguage(pending.language) && tenant.locales.includes(pending.language)
      ? pending.language
      : tenant.defaultLocale;
  const template = tenantTranslations(tenant, language, 'messages').otpSms ?? '{code}';
  const text = new IntlMessageFormat(template, language).format({
    code: pending.code,
    provider: tenant.providerName,
  }) as string;
  try {
    await messages.send({
      shopId: tenant.shopId,
      channel: 'sms',
      to: pending.phoneNumber,
      text,
      from: tenant.shortName,
    });
  } catch (error) {
    log.warn({ err: error }, 'one-time code not sent');
    await withdrawChallenge(db, pending);
    throw new DomainError('SERVICE_UNAVAILABLE', 'The confirmation code could not be sent; please try again');
  }
  return maskMsisdn(pending.phoneNumber);
}

type Verdict = 'verified' | 'wrong' | 'expired' | 'none';

/**
 * Checks a code. A wrong code counts as a try (kept even though the call fails); after
 * OTP_MAX_ATTEMPTS tries, or past its validity, the code is dead and a new one must be sent.
 */
export async function verifyChallenge(
  context: Pick<CheckoutContext, 'db' | 'tenant' | 'now'>,
  cartName: string,
  otp: string,
): Promise<void> {
  const { db, tenant, now } = context;
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const cart = await findCartForUpdate(tx, tenant, cartName, now);
    const challenge = await challengeOf(tx, cart);
    if (!challenge?.sentAt) return 'none';
    if (challenge.verifiedAt) return 'verified';
    if (challenge.expiresAt <= now || challenge.attempts >= OTP_MAX_ATTEMPTS) return 'expired';
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(hashCode(cart.id, otp), 'hex');
    if (OTP_PATTERN.test(otp) && timingSafeEqual(expected, given)) {
      await tx.update(otpChallenges).set({ verifiedAt: now }).where(eq(otpChallenges.cartId, cart.id));
      return 'verified';
    }
    await tx
      .update(otpChallenges)
      .set({ attempts: challenge.attempts + 1 })
      .where(eq(otpChallenges.cartId, cart.id));
    return 'wrong';
  });
  switch (verdict) {
    case 'verified':
      return;
    case 'wrong':
      throw new DomainError('INVALID_OTP', 'The code is not the one we sent');
    case 'expired':
      throw new DomainError('OTP_EXPIRED', 'The code has expired or was tried too often; ask for a new one');
    case 'none':
      throw noCodeSent();
  }
}
