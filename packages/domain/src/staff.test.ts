import { describe, expect, it } from 'vitest';
import {
  roleAllows,
  STAFF_ACTIONS,
  STAFF_ROLES,
  type StaffAction,
  type StaffRole,
  seesShop,
  shopsToList,
  staffMay,
  staffShopsProblem,
  visibleShops,
} from './staff';

/** The permission table as the back office's users read it: every role against every action. */
const EXPECTED: Record<StaffRole, readonly StaffAction[]> = {
  support: [
    'orders.read',
    'orders.resend',
    'orders.retry',
    'pins.reveal',
    'customers.read',
    'customers.manage',
    'audit.read',
  ],
  finance: ['orders.read', 'orders.refund', 'orders.resend', 'customers.read', 'audit.read'],
  catalogue: ['catalogue.edit', 'audit.read'],
  admin: STAFF_ACTIONS,
};

describe('staff permissions', () => {
  it.each(STAFF_ROLES.flatMap((role) => STAFF_ACTIONS.map((action) => [role, action] as const)))(
    '%s may %s only where the table says so',
    (role, action) => {
      expect(roleAllows(role, action)).toBe(EXPECTED[role].includes(action));
    },
  );

  it('refunds are finance’s and admin’s only; staff are managed by admin only', () => {
    expect(STAFF_ROLES.filter((role) => roleAllows(role, 'orders.refund'))).toEqual(['finance', 'admin']);
    expect(STAFF_ROLES.filter((role) => roleAllows(role, 'staff.manage'))).toEqual(['admin']);
  });

  const support = { role: 'support' as const, shopIds: ['funkfix'] };
  const admin = { role: 'admin' as const, shopIds: [] };

  it('keeps a tenant’s staff to their tenants, and lets admin see every one', () => {
    expect(seesShop(support, 'funkfix')).toBe(true);
    expect(seesShop(support, 'ladeplatz')).toBe(false);
    expect(seesShop(admin, 'ladeplatz')).toBe(true);
    expect(staffMay(support, 'orders.read', 'funkfix')).toBe(true);
    expect(staffMay(support, 'orders.read', 'ladeplatz')).toBe(false);
    expect(staffMay(support, 'orders.refund', 'funkfix')).toBe(false);
    expect(staffMay(admin, 'orders.refund', 'ladeplatz')).toBe(true);
  });

  it('lists the tenant asked for where it is seen, else all the staff member sees', () => {
    expect(shopsToList(support, undefined)).toEqual(['funkfix']);
    expect(shopsToList(support, 'funkfix')).toEqual(['funkfix']);
    expect(shopsToList(support, 'ladeplatz')).toBeNull();
    expect(shopsToList(admin, undefined)).toBeUndefined();
    expect(shopsToList(admin, 'ladeplatz')).toEqual(['ladeplatz']);
    expect(visibleShops(support)).toEqual(['funkfix']);
    expect(visibleShops(admin)).toBeUndefined();
  });

  it('gives admin no tenant and every other role at least one', () => {
    expect(staffShopsProblem('admin', [])).toBeUndefined();
    expect(staffShopsProblem('admin', ['funkfix'])).toMatch(/every tenant/);
    expect(staffShopsProblem('finance', ['funkfix'])).toBeUndefined();
    expect(staffShopsProblem('catalogue', [])).toMatch(/at least one/);
  });
});
