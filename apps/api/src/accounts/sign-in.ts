import { schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import type {
  AccountUser,
  AuthAnswer,
  AuthenticateRequest,
  CodeSentAnswer,
  LoginCodeRequest,
} from '@shop/domain/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { issueCode, useCode } from './codes';
import { type AccountContext, assertAccountsOffered, userNameOf } from './context';
import { sendCode } from './delivery';
import { checkAgainstDecoy, checkPassword } from './passwords';
import { findCustomer } from './registration';
import { type Customer, endSession, type SessionMethod, startSession } from './sessions';

const { customers } = schema;

export const accountUser = (customer: Customer): AccountUser => ({
  userId: customer.id,
  userName: customer.userName,
  email: customer.email,
  phoneNumber: customer.phoneNumber,
  firstname: customer.firstname,
  lastname: customer.lastname,
});

const refused = () => new DomainError('NotAuthorizedException', 'Incorrect user name or password');

/**
 * A new session for the account, answered as spec §7's authentication response; the session the
 * caller held before (if any) ends, so a token that leaked before sign-in does not live on.
 */
export async function signedIn(
  context: AccountContext,
  customer: Customer,
  method: SessionMethod,
  previousToken: string | undefined,
): Promise<AuthAnswer> {
  if (previousToken) await endSession(context.db, previousToken, context.now);
  const session = await startSession(context.db, customer, method, context.now);
  return {
    passwordNeedsRehash: false,
    accessToken: session.accessToken,
    tokenType: 'Bearer',
    expiresAt: session.expiresAt.toISOString(),
    user: accountUser(customer),
    message: 'successfulAuthentication',
  };
}

/**
 * The account a sign-in code is for: by its user name, or, where the tenant lets numbers sign in,
 * the one confirmed account that holds the number typed.
 */
async function codeAccount(context: AccountContext, userName: string) {
  const user = userNameOf(context.tenant, userName);
  const byName = await findCustomer(context, user.userName);
  if (byName || user.kind !== 'phone') return byName;
  const holders = await context.db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, context.tenant.shopId),
        eq(customers.phoneNumber, user.userName),
        isNotNull(customers.confirmedAt),
      ),
    )
    .limit(2);
  return holders.length === 1 ? holders[0] : undefined;
}

/**
 * Spec §7 authenticate, by password or by a code sent with loginCode. Every wrong user name,
 * password or code answers the same NotAuthorizedException, after the same work. A right
 * password of an old scheme answers passwordNeedsRehash with a recovery token instead of a session.
 */
export async function authenticate(
  context: AccountContext,
  body: AuthenticateRequest,
  previousToken: string | undefined,
): Promise<AuthAnswer> {
  assertAccountsOffered(context.tenant);
  if (body.code !== undefined) {
    const holder = await codeAccount(context, body.userName);
    if (!holder || !(await useCode(context.db, holder.id, 'SIGN_IN', body.code, context.now)))
      throw refused();
    return signedIn(context, holder, 'otp', previousToken);
  }
  const user = userNameOf(context.tenant, body.userName);
  const customer = await findCustomer(context, user.userName);
  if (body.password === undefined) throw new DomainError('VALIDATION_FAILED', 'password or code is required');
  if (!customer) {
    await checkAgainstDecoy(body.password);
    throw refused();
  }
  const check = await checkPassword(customer.passwordHash, body.password);
  if (check === 'wrong') throw refused();
  if (!customer.confirmedAt) {
    throw new DomainError('ACCOUNT_NOT_CONFIRMED', 'Confirm the account with the code we sent first');
  }
  if (check === 'valid-needs-rehash') {
    return {
      passwordNeedsRehash: true,
      passwordRecoveryToken: await issueCode(context.db, customer.id, 'RESET', context.now, { long: true }),
      message: 'passwordNeedsRehash',
    };
  }
  return signedIn(context, customer, 'password', previousToken);
}

/**
 * Sends a sign-in code by SMS to a confirmed account's number. Answers alike whether or not the
 * account exists or has a number, so that the call tells nobody who has an account.
 */
export async function sendLoginCode(
  context: AccountContext,
  body: LoginCodeRequest,
): Promise<CodeSentAnswer> {
  assertAccountsOffered(context.tenant);
  const customer = await codeAccount(context, body.userName);
  if (customer?.confirmedAt && (customer.phoneNumber || !customer.userName.includes('@'))) {
    const code = await issueCode(context.db, customer.id, 'SIGN_IN', context.now);
    await sendCode(context, customer, 'SIGN_IN', code);
  } else {
    await context.allowCode(body.userName.trim().toLowerCase());
  }
  return { status: 'sent', message: 'loginCodeSent' };
}
