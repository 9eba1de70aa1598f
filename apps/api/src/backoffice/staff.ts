import { randomBytes } from 'node:crypto';
import { type Database, isUniqueViolation, type StaffMember, schema, type Transaction } from '@shop/db';
import { DomainError, type StaffRole, staffShopsProblem } from '@shop/domain';
import type { Staff, StaffListAnswer, StaffMemberView } from '@shop/domain/contract';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { assertNewPassword, hashPassword } from '../accounts/passwords';
import type { PinCipher } from '../vouchers/pin-crypto';
import { newTotpSecret, totpUri } from './totp';

const { staffMembers, staffSessions } = schema;

/** E-mail addresses are compared in lower case: one staff member per address, whatever its case. */
export const staffEmailOf = (email: string): string => email.trim().toLowerCase();

/** A staff member as the back office shows them. */
export const staffView = (member: Pick<StaffMember, 'email' | 'role' | 'shopIds'>): Staff => ({
  email: member.email,
  role: member.role,
  shopIds: [...member.shopIds],
});

export async function staffByEmail(
  db: Database | Transaction,
  email: string,
): Promise<StaffMember | undefined> {
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.email, staffEmailOf(email)));
  return member;
}

export interface NewStaff {
  email: string;
  password: string;
  role: StaffRole;
  shopIds: readonly string[];
  /** The secret of the one-time codes; a new random one unless given (the demo staff share one). */
  totpSecret?: string;
  createdBy?: string;
}

/** What a new staff member needs to sign in once: the secret for their authenticator app. */
export interface CreatedStaff {
  member: StaffMember;
  totpSecret: string;
  totpUri: string;
}

/**
 * A new staff member: the password must pass the shoppers' rules, the tenants must suit the role
 * (none for admin, one or more otherwise) and be known; the code secret is kept encrypted.
 */
export async function createStaff(
  db: Database | Transaction,
  cipher: PinCipher,
  input: NewStaff,
  knownShop: (shopId: string) => boolean,
): Promise<CreatedStaff> {
  const email = staffEmailOf(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new DomainError('VALIDATION_FAILED', 'email must be an e-mail address');
  }
  assertNewPassword(input.password, email);
  const shopIds = [...new Set(input.shopIds)];
  const problem = staffShopsProblem(input.role, shopIds);
  if (problem) throw new DomainError('VALIDATION_FAILED', `shopIds: ${problem}`);
  const unknown = shopIds.filter((shopId) => !knownShop(shopId));
  if (unknown.length > 0)
    throw new DomainError('VALIDATION_FAILED', `shopIds: unknown tenant ${unknown.join(', ')}`);
  const totpSecret = input.totpSecret ?? newTotpSecret();
  try {
    const [member] = await db
      .insert(staffMembers)
      .values({
        email,
        passwordHash: await hashPassword(input.password),
        totpSecret: cipher.encrypt(totpSecret),
        role: input.role,
        shopIds,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    if (!member) throw new Error('the staff member was not stored');
    return { member, totpSecret, totpUri: totpUri(totpSecret, email) };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('STAFF_ALREADY_EXISTS', `A staff member with the e-mail ${email} exists already`);
    }
    throw error;
  }
}

/** A first password for a member an admin adds: 128 random bits, shown once to hand over. */
export const firstPassword = (): string => randomBytes(16).toString('base64url');

/** A staff member as an admin manages them. */
export const staffMemberView = (member: StaffMember): StaffMemberView => ({
  ...staffView(member),
  staffId: member.id,
  createdAt: member.createdAt.toISOString(),
  disabledAt: member.disabledAt?.toISOString() ?? null,
});

/** Every staff member, by e-mail address; the disabled ones too (the audit log names them). */
export async function listStaff(
  db: Database,
  page: { offset: number; size: number },
): Promise<StaffListAnswer> {
  const [rows, [total]] = await Promise.all([
    db.select().from(staffMembers).orderBy(asc(staffMembers.email)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(staffMembers),
  ]);
  return { items: rows.map(staffMemberView), totalCount: total?.value ?? 0 };
}

/**
 * Disables a staff member (every session of theirs ends in the same step, so enabling them again
 * opens none of the old ones) or enables them again. Answers the member as they are now.
 */
export async function setStaffDisabled(
  tx: Transaction,
  staffId: string,
  disabled: boolean,
  now: Date,
): Promise<StaffMember | undefined> {
  const [member] = await tx
    .update(staffMembers)
    .set({ disabledAt: disabled ? now : null })
    .where(eq(staffMembers.id, staffId))
    .returning();
  if (member && disabled) {
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
  }
  return member;
}
