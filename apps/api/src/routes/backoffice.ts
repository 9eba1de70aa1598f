import type { Database } from '@shop/db';
import { DomainError, shopsToList } from '@shop/domain';
import {
  auditAnswerSchema,
  auditQuerySchema,
  staffSessionAnswerSchema,
  staffSignInAnswerSchema,
  staffSignInBodySchema,
} from '@shop/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit, recordAudit } from '../backoffice/audit';
import { endStaffSession } from '../backoffice/sessions';
import { staffSignIn } from '../backoffice/sign-in';
import { staffView } from '../backoffice/staff';
import { clientAddress } from '../http/client-address';
import { type AbuseLimits, signInUses } from '../http/rate-limits';
import { staffCallErrors } from '../http/schemas';
import { clearStaffCookie, requireStaff, setStaffCookie, signedInStaff } from '../http/staff-context';
import type { PinCipher } from '../vouchers/pin-crypto';

const tags = ['back office'];
const errors = staffCallErrors;

/**
 * The back office's own calls (decision 0066): staff sign-in with a password and a one-time
 * code, the session, and the audit log. On the API's host only: a shop's `/api` proxy never
 * passes `/api/backoffice/`.
 */
export const backofficeRoutes: FastifyPluginAsyncZod<{
  db: Database;
  limits: AbuseLimits;
  /** Encrypts the one-time code secrets at rest, as it does voucher PINs. */
  cipher: PinCipher;
}> = async (app, { db, limits, cipher }) => {
  app.post(
    '/api/backoffice/auth/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign a staff member in with e-mail, password and the current one-time code',
        description:
          'Answers the token (also set as the httpOnly session cookie). A wrong e-mail, password or code: ' +
          '401 NotAuthorizedException; a right password without a code: 401 TOTP_REQUIRED.',
        body: staffSignInBodySchema,
        response: { 200: staffSignInAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { body } = request;
      const { token, member } = await limits.secretTry(request, signInUses(request, body.email), () =>
        staffSignIn({ db, cipher, clientAddress: clientAddress(request), now }, body),
      );
      setStaffCookie(reply, token);
      reply.header('Cache-Control', 'no-store');
      return { token, staff: staffView(member) };
    },
  );

  app.post(
    '/api/backoffice/auth/sign-out',
    {
      schema: {
        tags,
        summary: 'End the staff session: its token and cookie open nothing any more',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const caller = await signedInStaff(db, request, now);
      await endStaffSession(db, caller.token, now);
      await recordAudit(db, {
        staffId: caller.member.id,
        staffEmail: caller.member.email,
        action: 'staff.signed-out',
        clientAddress: clientAddress(request),
        at: now,
      });
      clearStaffCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/auth/session',
    {
      schema: {
        tags,
        summary: 'Who the staff session belongs to',
        response: { 200: staffSessionAnswerSchema, ...errors },
      },
    },
    async (request) => ({ staff: staffView((await signedInStaff(db, request, new Date())).member) }),
  );

  app.get(
    '/api/backoffice/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first: of one tenant, or of every tenant the staff member sees',
        description: 'A `shopId` the staff member may not see: 403 FORBIDDEN.',
        querystring: auditQuerySchema,
        response: { 200: auditAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await signedInStaff(db, request, new Date());
      requireStaff(caller, 'audit.read');
      const { shopId, offset, size } = request.query;
      const shops = shopsToList(caller.scope, shopId);
      if (shops === null) throw new DomainError('FORBIDDEN', `Not allowed for ${shopId}`);
      return listAudit(db, shops, { offset, size });
    },
  );
};
