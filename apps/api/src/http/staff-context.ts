import type { Database, StaffMember } from '@shop/db';
import { DomainError, type StaffAction, type StaffScope, staffMay } from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffOfSession } from '../backoffice/sessions';
import { bearerToken } from './session';

/** The back office's session cookie: httpOnly, sent to the back office's calls only. */
export const STAFF_COOKIE = 'backoffice_session';
const STAFF_COOKIE_PATH = '/api/backoffice';

/** The staff member behind a call, with the token their session is known by. */
export interface StaffCaller {
  member: StaffMember;
  scope: StaffScope;
  token: string;
}

/** The session's token: `Authorization: Bearer` (scripts), else the cookie (the back office app). */
function staffToken(request: FastifyRequest): string | undefined {
  const cookie = request.cookies?.[STAFF_COOKIE];
  return bearerToken(request) ?? (cookie && /^[\w-]{20,128}$/.test(cookie) ? cookie : undefined);
}

/** The signed-in staff member of the call, or 401 AUTHORIZATION_REQUIRED. */
export async function signedInStaff(db: Database, request: FastifyRequest, now: Date): Promise<StaffCaller> {
  const token = staffToken(request);
  const member = token ? await staffOfSession(db, token, now) : undefined;
  if (!token || !member) throw new DomainError('AUTHORIZATION_REQUIRED', 'Sign in to the back office first');
  return { member, scope: { role: member.role, shopIds: member.shopIds }, token };
}

/** Refuses with 403 FORBIDDEN what the staff member's role, or tenants, do not allow. */
export function requireStaff(caller: StaffCaller, action: StaffAction, shopId?: string): void {
  if (!staffMay(caller.scope, action, shopId)) {
    throw new DomainError(
      'FORBIDDEN',
      shopId === undefined
        ? `The role ${caller.scope.role} may not do ${action}`
        : `Not allowed for ${shopId}`,
    );
  }
}

/** The session cookie as sign-in sets it: httpOnly, same-site only, secure over HTTPS. */
export function setStaffCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: STAFF_COOKIE_PATH,
  });
}

export function clearStaffCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
}
