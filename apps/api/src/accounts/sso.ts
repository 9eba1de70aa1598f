import { schema, type Transaction } from '@shop/db';
import { DomainError, parseMsisdn } from '@shop/domain';
import type { AuthAnswer, SsoAuthenticateRequest } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import {
  type AssertionVerifier,
  type IdentityProvider,
  IdentityProviderUnavailableError,
  type SsoIdentity,
} from '../adapters/identity-provider';
import { type AccountContext, assertAccountsOffered } from './context';
import type { Customer } from './sessions';
import { signedIn } from './sign-in';

const { customers, usedSsoAssertions } = schema;

/** The tenant's identity provider; AUTHORIZATION_REQUIRED without accounts, SIGN_IN_NOT_OFFERED without one. */
export function identityProviderOf(tenant: TenantConfig): IdentityProvider {
  assertAccountsOffered(tenant);
  if (!tenant.sso) throw new DomainError('SIGN_IN_NOT_OFFERED', 'This shop offers no single sign-on');
  return tenant.sso;
}

/** The number the shop sent is the assertion's, however the shop wrote it. */
function isAssertedNumber(tenant: TenantConfig, typed: string, asserted: string): boolean {
  const parsed = parseMsisdn(typed, tenant.phoneCountryCodes);
  const number = parsed.ok ? parsed.msisdn : typed.replace(/[^\d+]/g, '').replace(/^00/, '+');
  return number === asserted;
}

/**
 * Records the assertion as used; false when it was used before. Assertions past their last
 * accepted moment are forgotten here, as nobody could use them again anyway.
 */
async function useAssertion(tx: Transaction, tenantId: string, identity: SsoIdentity, now: Date) {
  await tx
    .delete(usedSsoAssertions)
    .where(and(eq(usedSsoAssertions.tenantId, tenantId), lte(usedSsoAssertions.keepUntil, now)));
  const [used] = await tx
    .insert(usedSsoAssertions)
    .values({ tenantId, jti: identity.jti, usedAt: now, keepUntil: identity.acceptedUntil })
    .onConflictDoNothing()
    .returning({ jti: usedSsoAssertions.jti });
  return used !== undefined;
}

const bySubject = async (tx: Transaction, tenantId: string, subject: string) =>
  (
    await tx
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.ssoSubject, subject)))
  )[0];

/**
 * The account the provider's subscriber signs in to (decision 0035):
 *
 * 1. the account of their subject;
 * 2. else, when the provider says it verified the e-mail, the confirmed account of that e-mail
 *    (its user name) that has no subject yet, which from now on is theirs by either way in;
 * 3. else a new account, confirmed at once, without a password: user name and number are the
 *    asserted number (or `sso:{subject}` when another account holds that user name), the e-mail
 *    is the asserted one.
 */
async function accountOf(tx: Transaction, context: AccountContext, identity: SsoIdentity): Promise<Customer> {
  const tenantId = context.tenant.shopId;
  const known = await bySubject(tx, tenantId, identity.subject);
  if (known) return known;
  if (identity.email && identity.emailVerified) {
    const [linked] = await tx
      .update(customers)
      .set({ ssoSubject: identity.subject, updatedAt: context.now })
      .where(
        and(
          eq(customers.tenantId, tenantId),
          eq(customers.userName, identity.email),
          isNotNull(customers.confirmedAt),
          isNull(customers.ssoSubject),
        ),
      )
      .returning();
    if (linked) {
      context.log.info(
        { customerId: linked.id },
        'single sign-on linked to the account of its verified e-mail',
      );
      return linked;
    }
  }
  const [holder] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.userName, identity.msisdn)));
  const [created] = await tx
    .insert(customers)
    .values({
      tenantId,
      userName: holder ? `sso:${identity.subject}` : identity.msisdn,
      email: identity.email,
      phoneNumber: identity.msisdn,
      ssoSubject: identity.subject,
      confirmedAt: context.now,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .onConflictDoNothing()
    .returning();
  // Nothing inserted: a sign-in of the same subject running beside this one created it first.
  const account = created ?? (await bySubject(tx, tenantId, identity.subject));
  if (!account) throw new Error('The single sign-on account could be neither created nor found');
  return account;
}

/**
 * Spec §7 ssoAuthenticate: the provider's assertion signs its subscriber in. A forged, expired,
 * too old, used, foreign (another issuer or shop) or malformed assertion, and a `msisdn` that is
 * not the asserted number, answer NotAuthorizedException; the reason goes to the log only.
 */
export async function ssoAuthenticate(
  context: AccountContext,
  verify: AssertionVerifier,
  body: SsoAuthenticateRequest,
  previousToken: string | undefined,
): Promise<AuthAnswer> {
  const { tenant, now } = context;
  const refused = (reason: string) => {
    context.log.warn({ reason }, 'single sign-on refused');
    return new DomainError('NotAuthorizedException', 'The single sign-on was refused; please sign in again');
  };
  const check = await verify(identityProviderOf(tenant), tenant.shopId, body.assertion, now).catch(
    (error: unknown) => {
      if (!(error instanceof IdentityProviderUnavailableError)) throw error;
      context.log.warn({ err: error }, 'identity provider unreachable');
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The sign-in cannot be checked right now; please try again',
      );
    },
  );
  if (!check.ok) throw refused(check.reason);
  const { identity } = check;
  if (body.msisdn && !isAssertedNumber(tenant, body.msisdn, identity.msisdn)) {
    throw refused('msisdn is not the asserted number');
  }
  const customer = await context.db.transaction(async (tx) =>
    (await useAssertion(tx, tenant.shopId, identity, now)) ? accountOf(tx, context, identity) : undefined,
  );
  if (!customer) throw refused(`jti ${identity.jti} was used before`);
  return signedIn(context, customer, 'sso', previousToken);
}
