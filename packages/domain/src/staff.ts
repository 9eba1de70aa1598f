/**
 * Staff of the back office (decision 0066): who may do what, for which tenants. A staff member
 * has one role; every role but `admin` works for the tenants it is given, `admin` for the whole
 * platform.
 */
export const STAFF_ROLES = ['support', 'finance', 'catalogue', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What staff do, by the name the audit log and the permission table use. */
export const STAFF_ACTIONS = [
  'orders.read',
  'orders.refund',
  'orders.resend',
  'orders.retry',
  'pins.reveal',
  'customers.read',
  'customers.manage',
  'catalogue.edit',
  'audit.read',
  'staff.manage',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * The actions of each role. Support serves shoppers (look-ups, resends, retries, a PIN shown with
 * a reason, automatic top-ups paused on a shopper's behalf); finance reads what support reads and
 * refunds; catalogue keeps products, prices and stock; admin does everything, staff included.
 */
const ROLE_ACTIONS: Record<StaffRole, ReadonlySet<StaffAction>> = {
  support: new Set<StaffAction>([
    'orders.read',
    'orders.resend',
    'orders.retry',
    'pins.reveal',
    'customers.read',
    'customers.manage',
    'audit.read',
  ]),
  finance: new Set<StaffAction>([
    'orders.read',
    'orders.refund',
    'orders.resend',
    'customers.read',
    'audit.read',
  ]),
  catalogue: new Set<StaffAction>(['catalogue.edit', 'audit.read']),
  admin: new Set<StaffAction>(STAFF_ACTIONS),
};

/** Who acts: the role and, for every role but admin, the tenants it works for. */
export interface StaffScope {
  role: StaffRole;
  shopIds: readonly string[];
}

/** Whether the role includes the action, whatever the tenant. */
export const roleAllows = (role: StaffRole, action: StaffAction): boolean => ROLE_ACTIONS[role].has(action);

/** Whether the staff member sees this tenant at all: admin every one, others their own. */
export const seesShop = (staff: StaffScope, shopId: string): boolean =>
  staff.role === 'admin' || staff.shopIds.includes(shopId);

/**
 * Whether the staff member may do `action`; for an action on one tenant's record, `shopId` names
 * it, and the tenant must be one the staff member sees.
 */
export function staffMay(staff: StaffScope, action: StaffAction, shopId?: string): boolean {
  if (!roleAllows(staff.role, action)) return false;
  return shopId === undefined || seesShop(staff, shopId);
}

/**
 * The tenants a list may show: the one asked for, or all the staff member sees (undefined: every
 * tenant, for admin). A tenant asked for that the staff member does not see is refused (null).
 */
export function shopsToList(
  staff: StaffScope,
  asked: string | undefined,
): readonly string[] | undefined | null {
  if (asked !== undefined) return seesShop(staff, asked) ? [asked] : null;
  return visibleShops(staff);
}

/** The tenants a staff member sees: their own, or every one (undefined) for admin. */
export const visibleShops = (staff: StaffScope): readonly string[] | undefined =>
  staff.role === 'admin' ? undefined : staff.shopIds;

/** A staff member's tenants as stored: none for admin, at least one for every other role. */
export function staffShopsProblem(role: StaffRole, shopIds: readonly string[]): string | undefined {
  if (role === 'admin')
    return shopIds.length === 0 ? undefined : 'an admin works for every tenant; name none';
  return shopIds.length > 0 ? undefined : `a ${role} member works for one tenant or more; name at least one`;
}

/** How long a staff session lives without a call: it ends after 8 idle hours. */
export const STAFF_SESSION_IDLE_MS = 8 * 60 * 60_000;
