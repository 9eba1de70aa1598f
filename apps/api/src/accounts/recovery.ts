import { schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { CodeSentAnswer, ForgotPasswordRequest, ResetPasswordRequest } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import { issueCode, useCode } from './codes';
import { type AccountContext, assertAccountsOffered, userNameOf } from './context';
import { sendCode } from './delivery';
import { assertNewPassword, hashPassword } from './passwords';
import { findCustomer } from './registration';
import { endOtherSessions } from './sessions';

const { customers } = schema;

/**
 * Spec §7 forgotPass: sends a reset code to the account's address or number. The answer is the
 * same for known and unknown user names (a limit still counts both).
 */
export async function forgotPassword(
  context: AccountContext,
  body: ForgotPasswordRequest,
): Promise<CodeSentAnswer> {
  assertAccountsOffered(context.tenant);
  const user = userNameOf(context.tenant, body.userName);
  const customer = await findCustomer(context, user.userName);
  if (customer) {
    await sendCode(
      context,
      customer,
      'RESET',
      await issueCode(context.db, customer.id, 'RESET', context.now),
    );
  } else {
    await context.allowCode(user.userName);
  }
  return { status: 'sent', message: 'passwordRecoverySent' };
}

/**
 * Spec §7 resetPass: the code sent by forgotPass (or the recovery token of a sign-in that needs
 * a new password) sets a new password, confirms the account (the code proved the address) and
 * ends every session.
 */
export async function resetPassword(context: AccountContext, body: ResetPasswordRequest) {
  assertAccountsOffered(context.tenant);
  const user = userNameOf(context.tenant, body.userName);
  assertNewPassword(body.password, user.userName);
  const passwordHash = await hashPassword(body.password);
  const customer = await findCustomer(context, user.userName);
  const changed = await context.db.transaction(async (tx) => {
    if (!customer || !(await useCode(tx, customer.id, 'RESET', body.verificationCode, context.now)))
      return false;
    await tx
      .update(customers)
      .set({ passwordHash, confirmedAt: customer.confirmedAt ?? context.now, updatedAt: context.now })
      .where(eq(customers.id, customer.id));
    await endOtherSessions(tx, customer.id, context.now);
    return true;
  });
  if (!changed)
    throw new DomainError(
      'INVALID_VERIFICATION_CODE',
      'The code is wrong, used or expired; ask for a new one',
    );
  return { status: 'passwordHasChanged' as const, message: 'passwordHasChanged' as const };
}
