import { schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { type AccountContext, assertAccountsOffered } from './context';
import { assertNewPassword } from './passwords';
import { emailOf, openAccount, sendConfirmation } from './registration';
import { type Customer, type StartedSession, startSession } from './sessions';

const { customers } = schema;

export interface CheckoutAccountRequest {
  email: string | undefined;
  password: string | undefined;
  /** The account this cart's contact step opened before, if it did (a repeated step). */
  openedBefore: string | undefined;
}

/**
 * Spec §6: a guest opens an account while paying, with the contact's e-mail and a password, and
 * is signed in at once so that the order goes into the new account's history. The account is
 * not confirmed yet: the confirmation code goes out by e-mail, and signing in by password later
 * needs it. The same contact step sent again (a retry) signs in to the account it opened.
 */
export async function accountAtCheckout(
  context: AccountContext,
  request: CheckoutAccountRequest,
): Promise<{ customer: Customer; session: StartedSession }> {
  assertAccountsOffered(context.tenant);
  const email = emailOf(context, request.email);
  if (!email)
    throw new DomainError('VALIDATION_FAILED', 'deliveryAddress.email is required to create an account');
  if (request.openedBefore) {
    const [before] = await context.db
      .select()
      .from(customers)
      .where(and(eq(customers.id, request.openedBefore), eq(customers.tenantId, context.tenant.shopId)));
    if (before?.userName === email && !before.confirmedAt) {
      return { customer: before, session: await startSession(context.db, before, 'checkout', context.now) };
    }
  }
  if (!request.password)
    throw new DomainError('VALIDATION_FAILED', 'deliveryAddress.password is required to create an account');
  assertNewPassword(request.password, email);
  const customer = await openAccount(context, {
    userName: email,
    email,
    phoneNumber: null,
    password: request.password,
  });
  if (!customer)
    throw new DomainError(
      'CUSTOMER_DUPLICATION_ERROR',
      'An account with this e-mail exists; sign in instead',
    );
  try {
    await sendConfirmation(context, customer);
  } catch (error) {
    // The account works by its session; the shopper can ask for a new code when signing in.
    context.log.warn({ err: error }, 'confirmation of an account opened at checkout not sent');
  }
  return { customer, session: await startSession(context.db, customer, 'checkout', context.now) };
}
