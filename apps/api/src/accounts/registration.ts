import { schema } from '@shop/db';
import { DomainError, parseMsisdn } from '@shop/domain';
import type {
  ConfirmAccountAnswer,
  ConfirmAccountRequest,
  RegisterAnswer,
  RegisterRequest,
} from '@shop/domain/contract';
import { and, eq } from 'drizzle-orm';
import { issueCode, useCode } from './codes';
import { type AccountContext, assertAccountsOffered, userNameOf } from './context';
import { sendCode } from './delivery';
import { assertNewPassword, checkPassword, hashPassword } from './passwords';
import type { Customer } from './sessions';

const { accountCodes, customers } = schema;

export async function findCustomer(
  context: Pick<AccountContext, 'db' | 'tenant'>,
  userName: string,
): Promise<Customer | undefined> {
  const [customer] = await context.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, context.tenant.shopId), eq(customers.userName, userName)));
  return customer;
}

/** A number of the tenant's countries in E.164, or undefined. */
const parsedNumber = (context: Pick<AccountContext, 'tenant'>, input: string | undefined) => {
  const phone = input ? parseMsisdn(input, context.tenant.phoneCountryCodes) : undefined;
  return phone?.ok ? phone.msisdn : undefined;
};

/** A contact number, checked against the tenant's countries, in E.164. */
export function contactNumber(
  context: Pick<AccountContext, 'tenant'>,
  input: string | undefined,
): string | null {
  if (!input) return null;
  const phone = parseMsisdn(input, context.tenant.phoneCountryCodes);
  if (!phone.ok)
    throw new DomainError('VALIDATION_FAILED', 'phoneNumber must be a mobile number of the shop’s countries');
  return phone.msisdn;
}

/** A contact e-mail, checked and lower-cased. */
export function emailOf(context: Pick<AccountContext, 'tenant'>, input: string | undefined): string | null {
  if (!input) return null;
  const email = userNameOf(context.tenant, input);
  if (email.kind !== 'email') throw new DomainError('VALIDATION_FAILED', 'email must be an e-mail address');
  return email.userName;
}

/** An unconfirmed account whose confirmation code has run out: a registration nobody finished. */
async function isAbandoned(context: AccountContext, customer: Customer): Promise<boolean> {
  if (customer.confirmedAt) return false;
  const [open] = await context.db
    .select({ expiresAt: accountCodes.expiresAt })
    .from(accountCodes)
    .where(and(eq(accountCodes.customerId, customer.id), eq(accountCodes.purpose, 'CONFIRM')));
  return !open || open.expiresAt <= context.now;
}

/** What a new account starts with. */
export interface NewAccount {
  userName: string;
  email: string | null;
  phoneNumber: string | null;
  password: string;
  firstname?: string;
  lastname?: string;
  language?: string;
}

/**
 * Opens an unconfirmed account, or answers undefined when the user name is taken. A registration
 * nobody finished (its confirmation code run out) gives way to the new one.
 */
export async function openAccount(
  context: AccountContext,
  account: NewAccount,
): Promise<Customer | undefined> {
  const existing = await findCustomer(context, account.userName);
  if (existing) {
    if (!(await isAbandoned(context, existing))) return undefined;
    await context.db.delete(customers).where(eq(customers.id, existing.id));
  }
  const [customer] = await context.db
    .insert(customers)
    .values({
      tenantId: context.tenant.shopId,
      userName: account.userName,
      email: account.email,
      phoneNumber: account.phoneNumber,
      firstname: account.firstname || null,
      lastname: account.lastname || null,
      language: account.language ?? null,
      passwordHash: await hashPassword(account.password),
      createdAt: context.now,
      updatedAt: context.now,
    })
    .onConflictDoNothing({ target: [customers.tenantId, customers.userName] })
    .returning();
  return customer;
}

/** Sends a new confirmation code to an account not yet confirmed. */
export async function sendConfirmation(context: AccountContext, customer: Customer) {
  return sendCode(
    context,
    customer,
    'CONFIRM',
    await issueCode(context.db, customer.id, 'CONFIRM', context.now),
  );
}

const taken = () => new DomainError('CUSTOMER_DUPLICATION_ERROR', 'An account with this user name exists');

/**
 * Spec §7 register: creates an unconfirmed account and sends its confirmation code (by e-mail,
 * or by SMS for a phone account). A user name already taken answers CUSTOMER_DUPLICATION_ERROR,
 * except that registering again with the same password sends a new code to an account not yet
 * confirmed, and an abandoned registration (its code run out) may be taken over.
 */
export async function register(context: AccountContext, body: RegisterRequest): Promise<RegisterAnswer> {
  assertAccountsOffered(context.tenant);
  const given = body.userName || body.email || body.phoneNumber;
  if (!given) throw new DomainError('VALIDATION_FAILED', 'email or userName is required');
  const user = userNameOf(context.tenant, given);
  assertNewPassword(body.password, user.userName);
  const existing = await findCustomer(context, user.userName);
  if (
    existing &&
    !existing.confirmedAt &&
    (await checkPassword(existing.passwordHash, body.password)) !== 'wrong'
  ) {
    return answer(user.userName, await sendConfirmation(context, existing));
  }
  const customer = await openAccount(context, {
    userName: user.userName,
    email: user.kind === 'email' ? user.userName : emailOf(context, body.email),
    // The contact number comes from the shop's phoneNumber cookie (spec §7): one not of the shop's
    // countries is left out rather than refusing the registration.
    phoneNumber: user.kind === 'phone' ? user.userName : (parsedNumber(context, body.phoneNumber) ?? null),
    password: body.password,
    firstname: body.firstname,
    lastname: body.lastname,
    language: body.language,
  });
  if (!customer) throw taken();
  return answer(user.userName, await sendConfirmation(context, customer));
}

const answer = (userName: string, sent: { channel: 'email' | 'sms'; sentTo: string }): RegisterAnswer => ({
  status: 'registrationSent',
  message: 'registrationSent',
  userName,
  ...sent,
});

/** Spec §7 confirm: the code from the registration mail or SMS confirms the account. */
export async function confirmAccount(
  context: AccountContext,
  body: ConfirmAccountRequest,
): Promise<ConfirmAccountAnswer> {
  assertAccountsOffered(context.tenant);
  const code = body.code ?? body.confirmationCode;
  if (!code) throw new DomainError('VALIDATION_FAILED', 'code is required');
  const user = userNameOf(context.tenant, body.userName);
  const customer = await findCustomer(context, user.userName);
  const confirmed = await context.db.transaction(async (tx) => {
    if (!customer || customer.confirmedAt) return false;
    if (!(await useCode(tx, customer.id, 'CONFIRM', code, context.now))) return false;
    await tx
      .update(customers)
      .set({ confirmedAt: context.now, updatedAt: context.now })
      .where(eq(customers.id, customer.id));
    return true;
  });
  if (!confirmed) {
    throw new DomainError(
      'INVALID_VERIFICATION_CODE',
      'The code is wrong, used or expired; ask for a new one',
    );
  }
  return { status: 'CONFIRMED', message: 'successfulRegistration' };
}
