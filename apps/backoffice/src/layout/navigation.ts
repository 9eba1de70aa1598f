import type { StaffAction, StaffRole } from '@shop/domain';
import { roleAllows } from '@shop/domain';

/** The back office's sections, each with the action a role needs to see it. */
export const SECTIONS = [
  { path: '/orders', label: 'orders', action: 'orders.read' },
  { path: '/customers', label: 'customers', action: 'customers.read' },
  { path: '/audit', label: 'audit', action: 'audit.read' },
  { path: '/staff', label: 'staff', action: 'staff.manage' },
] as const satisfies readonly { path: string; label: string; action: StaffAction }[];

/** The sections the role sees, in the navigation's order. */
export const sectionsFor = (role: StaffRole) =>
  SECTIONS.filter((section) => roleAllows(role, section.action));

/** Where a staff member starts: the first section their role sees (orders for most). */
export const homePathFor = (role: StaffRole): string => sectionsFor(role)[0]?.path ?? '/orders';
