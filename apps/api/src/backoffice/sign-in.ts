import { type Database, type StaffMember, schema } from '@shop/db';
import { DomainError } from '@shop/domain';
import type { StaffSignInRequest } from '@shop/domain/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { checkAgainstDecoy, checkPassword } from '../accounts/passwords';
import type { PinCipher } from '../vouchers/pin-crypto';
import { recordAudit } from './audit';
import { startStaffSession } from './sessions';
import { staffByEmail, staffEmailOf } from './staff';
import { totpStep } from './totp';

const { staffMembers } = schema;

export interface StaffSignInContext {
  db: Database;
  cipher: PinCipher;
  clientAddress: string;
  now: Date;
}

const refused = () => new DomainError('NotAuthorizedException', 'Incorrect e-mail, password or code');

/**
 * Takes the code's time step for the staff member, once: a later step than the last one taken,
 * or the same step again from the same address (a form sent twice). A code seen from another
 * address, or an older one, is refused: whoever watched it being typed cannot use it.
 */
async function takeStep(db: Database, member: StaffMember, step: number, address: string): Promise<boolean> {
  const taken = await db
    .update(staffMembers)
    .set({ totpLastStep: step, totpLastAddress: address })
    .where(
      and(
        eq(staffMembers.id, member.id),
        or(
          isNull(staffMembers.totpLastStep),
          lt(staffMembers.totpLastStep, step),
          and(eq(staffMembers.totpLastStep, step), eq(staffMembers.totpLastAddress, address)),
        ),
      ),
    )
    .returning({ id: staffMembers.id });
  return taken.length > 0;
}

/**
 * A staff sign-in (decision 0066): the password, then the current one-time code. A wrong e-mail,
 * password or code answers NotAuthorizedException after the same work, and is written to the
 * audit log; a right password without a code answers TOTP_REQUIRED, so the form can ask for it.
 */
export async function staffSignIn(
  context: StaffSignInContext,
  input: StaffSignInRequest,
): Promise<{ token: string; member: StaffMember }> {
  const { db, clientAddress, now } = context;
  const email = staffEmailOf(input.email);
  const failed = async (reason: string, member?: StaffMember) => {
    await recordAudit(db, {
      staffId: member?.id,
      staffEmail: email,
      action: 'staff.sign-in-failed',
      detail: { reason },
      clientAddress,
      at: now,
    });
    return refused();
  };

  const member = await staffByEmail(db, email);
  if (!member || member.disabledAt) {
    await checkAgainstDecoy(input.password);
    throw await failed(member ? 'disabled' : 'unknown e-mail', member);
  }
  if ((await checkPassword(member.passwordHash, input.password)) === 'wrong') {
    throw await failed('wrong password', member);
  }
  if (!input.totp) throw new DomainError('TOTP_REQUIRED', 'Enter the code your authenticator app shows');
  const step = totpStep(context.cipher.decrypt(member.totpSecret), input.totp, now.getTime());
  if (step === undefined) throw await failed('wrong code', member);
  if (!(await takeStep(db, member, step, clientAddress))) throw await failed('code used before', member);

  const token = await startStaffSession(db, member, clientAddress, now);
  await recordAudit(db, {
    staffId: member.id,
    staffEmail: member.email,
    action: 'staff.signed-in',
    clientAddress,
    at: now,
  });
  return { token, member };
}
