import type { Database } from '@shop/db';
import { DomainError, seesShop } from '@shop/domain';
import {
  newStaffAnswerSchema,
  newStaffBodySchema,
  pageQuerySchema,
  staffListAnswerSchema,
  staffMemberChangeBodySchema,
  staffMemberParamsSchema,
  staffMemberSchema,
  staffShopsAnswerSchema,
} from '@shop/domain/contract';
import type { TenantRegistry } from '@shop/tenants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../backoffice/audit';
import {
  createStaff,
  firstPassword,
  listStaff,
  setStaffDisabled,
  staffMemberView,
} from '../backoffice/staff';
import { clientAddress } from '../http/client-address';
import { staffCallErrors } from '../http/schemas';
import { requireStaff, signedInStaff } from '../http/staff-context';
import type { PinCipher } from '../vouchers/pin-crypto';

const tags = ['back office'];
const errors = staffCallErrors;

/**
 * The back office's staff (decision 0066): the tenants a staff member works for, and, for admins,
 * the staff themselves: added with a first password and a code secret shown once, disabled and
 * enabled again. Each change is in the audit log.
 */
export const backofficeStaffRoutes: FastifyPluginAsyncZod<{
  db: Database;
  tenants: TenantRegistry;
  cipher: PinCipher;
}> = async (app, { db, tenants, cipher }) => {
  app.get(
    '/api/backoffice/shops',
    {
      schema: {
        tags,
        summary: 'The tenants the staff member works for (every tenant for admin)',
        response: { 200: staffShopsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const staff = await signedInStaff(db, request, new Date());
      const items = tenants.all
        .filter((tenant) => seesShop(staff.scope, tenant.shopId))
        .map((tenant) => ({
          shopId: tenant.shopId,
          name: tenant.providerName,
          country: tenant.country,
          currency: tenant.currency,
        }));
      return { items };
    },
  );

  app.get(
    '/api/backoffice/staff',
    {
      schema: {
        tags,
        summary: 'Every staff member, disabled ones included (admin)',
        querystring: pageQuerySchema,
        response: { 200: staffListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const staff = await signedInStaff(db, request, new Date());
      requireStaff(staff, 'staff.manage');
      return listStaff(db, request.query);
    },
  );

  app.post(
    '/api/backoffice/staff',
    {
      schema: {
        tags,
        summary: 'Add a staff member (admin): answers a first password and the code secret, once',
        description:
          'No tenant for admin, one or more for every other role: 400 VALIDATION_FAILED otherwise. An ' +
          'e-mail address another staff member has: 409 STAFF_ALREADY_EXISTS.',
        body: newStaffBodySchema,
        response: { 201: newStaffAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await signedInStaff(db, request, new Date());
      requireStaff(staff, 'staff.manage');
      const password = firstPassword();
      const created = await db.transaction(async (tx) => {
        const made = await createStaff(
          tx,
          cipher,
          { ...request.body, password, createdBy: staff.member.id },
          (shopId) => tenants.byId(shopId) !== undefined,
        );
        await recordAudit(tx, {
          staffId: staff.member.id,
          staffEmail: staff.member.email,
          clientAddress: clientAddress(request),
          action: 'staff.created',
          target: made.member.email,
          detail: { role: made.member.role, shopIds: made.member.shopIds },
        });
        return made;
      });
      return reply
        .status(201)
        .header('Cache-Control', 'no-store')
        .send({
          staff: staffMemberView(created.member),
          password,
          totpSecret: created.totpSecret,
          totpUri: created.totpUri,
        });
    },
  );

  app.put(
    '/api/backoffice/staff/:staffId',
    {
      schema: {
        tags,
        summary: 'Disable a staff member (their sessions end at once) or enable them again (admin)',
        description: 'An admin does not disable themselves: 409 STAFF_SELF_CHANGE.',
        params: staffMemberParamsSchema,
        body: staffMemberChangeBodySchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const staff = await signedInStaff(db, request, now);
      requireStaff(staff, 'staff.manage');
      const { staffId } = request.params;
      if (staffId === staff.member.id) {
        throw new DomainError('STAFF_SELF_CHANGE', 'Another admin disables or enables your own account');
      }
      const { disabled } = request.body;
      const member = await db.transaction(async (tx) => {
        const changed = await setStaffDisabled(tx, staffId, disabled, now);
        if (!changed) return undefined;
        await recordAudit(tx, {
          staffId: staff.member.id,
          staffEmail: staff.member.email,
          clientAddress: clientAddress(request),
          action: disabled ? 'staff.disabled' : 'staff.enabled',
          target: changed.email,
          at: now,
        });
        return changed;
      });
      if (!member) throw new DomainError('NOT_FOUND', 'No staff member has this id');
      return staffMemberView(member);
    },
  );
};
