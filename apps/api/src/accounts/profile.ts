import { isUniqueViolation, schema } from '@shop/db';
import { COUNTRIES, DomainError, isCountry, normalisePostcode } from '@shop/domain';
import { type AccountProfile, ADDRESS_PROFILE_FIELDS, type EditProfileRequest } from '@shop/domain/contract';
import { eq } from 'drizzle-orm';
import type { AccountContext } from './context';
import { assertNewPassword, checkPassword, hashPassword } from './passwords';
import { contactNumber, emailOf, findCustomer } from './registration';
import { type Customer, endOtherSessions } from './sessions';
import { accountUser } from './sign-in';

const { customers } = schema;

export function profileOf(customer: Customer): AccountProfile {
  const address = customer.address;
  return {
    ...accountUser(customer),
    street: address.street ?? null,
    houseNumber: address.houseNumber ?? null,
    zip: address.zip ?? null,
    city: address.city ?? null,
    countryCode: address.countryCode ?? null,
    language: customer.language,
    createdAt: customer.createdAt.toISOString(),
  };
}

async function assertCurrentPassword(customer: Customer, password: string | undefined): Promise<void> {
  if (password === undefined || (await checkPassword(customer.passwordHash, password)) === 'wrong') {
    throw new DomainError('AUTHENTICATION_FAILED', 'The current password is not correct');
  }
}

/** The address with its country code upper case and its postcode as the country writes it. */
function checkedAddress(address: Record<string, string>): Record<string, string> {
  const checked = { ...address };
  if (checked.countryCode !== undefined) {
    const country = checked.countryCode.toLowerCase();
    if (!isCountry(country))
      throw new DomainError('VALIDATION_FAILED', `countryCode must be one of ${COUNTRIES.join(', ')}`);
    checked.countryCode = country.toUpperCase();
    if (checked.zip !== undefined) {
      const zip = normalisePostcode(checked.zip, country);
      if (!zip) throw new DomainError('VALIDATION_FAILED', `zip is not a postcode of ${checked.countryCode}`);
      checked.zip = zip;
    }
  }
  return checked;
}

/**
 * Spec §7 profile edit. Names, number and address change freely; a new e-mail or a new password
 * needs the current password. An e-mail account's e-mail is its user name, so it moves with it.
 * A new password ends every other session of the account.
 */
export async function editProfile(
  context: AccountContext,
  customer: Customer,
  sessionHash: string,
  body: EditProfileRequest,
): Promise<AccountProfile> {
  // Only what the call names is written, so that two edits at once (a password changed in one
  // tab, names in another) do not undo each other.
  const changes: Partial<typeof customers.$inferInsert> = { updatedAt: context.now };
  if (body.firstname !== undefined) changes.firstname = body.firstname || null;
  if (body.lastname !== undefined) changes.lastname = body.lastname || null;
  if (body.language !== undefined) changes.language = body.language;
  if (ADDRESS_PROFILE_FIELDS.some((field) => body[field] !== undefined)) {
    const address = { ...customer.address };
    for (const field of ADDRESS_PROFILE_FIELDS) {
      const value = body[field];
      if (value === undefined) continue;
      if (value) address[field] = value;
      else delete address[field];
    }
    changes.address = checkedAddress(address);
  }
  if (body.phoneNumber !== undefined) {
    const isUserName = !customer.userName.includes('@');
    if (isUserName && body.phoneNumber !== customer.phoneNumber) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'phoneNumber is the user name of this account and cannot change',
      );
    }
    changes.phoneNumber = contactNumber(context, body.phoneNumber || undefined);
  }
  const emailAccount = customer.userName.includes('@');
  if (body.email === '') {
    if (emailAccount)
      throw new DomainError(
        'VALIDATION_FAILED',
        'email is the user name of this account and cannot be removed',
      );
    changes.email = null;
  }
  const newEmail = emailOf(context, body.email);
  if (newEmail && newEmail !== customer.email) {
    await assertCurrentPassword(customer, body.currentPassword);
    if (emailAccount) {
      if (await findCustomer(context, newEmail)) {
        throw new DomainError('CUSTOMER_DUPLICATION_ERROR', 'An account with this e-mail exists');
      }
      changes.userName = newEmail;
    }
    changes.email = newEmail;
  }
  if (body.newPassword !== undefined) {
    await assertCurrentPassword(customer, body.currentPassword);
    assertNewPassword(body.newPassword, changes.userName ?? customer.userName);
    changes.passwordHash = await hashPassword(body.newPassword);
  }
  const updated = await context.db
    .transaction(async (tx) => {
      const [row] = await tx.update(customers).set(changes).where(eq(customers.id, customer.id)).returning();
      if (changes.passwordHash) await endOtherSessions(tx, customer.id, context.now, sessionHash);
      return row;
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw new DomainError('CUSTOMER_DUPLICATION_ERROR', 'An account with this e-mail exists');
    });
  if (!updated) throw new DomainError('CUSTOMER_NOT_FOUND', 'The account no longer exists');
  return profileOf(updated);
}
