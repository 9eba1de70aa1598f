import type { Transaction } from '@shop/db';
import type { StaffRole } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { createStaff } from '../backoffice/staff';
import type { PinCipher } from '../vouchers/pin-crypto';

/** The demo staff's password and one-time code secret (base32), public in the README. */
export const DEMO_STAFF_PASSWORD = 'Staff-Passw0rd!';
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_STAFF: readonly { email: string; role: StaffRole; shopIds: readonly string[] }[] = [
  { email: 'admin@platform.example', role: 'admin', shopIds: [] },
  { email: 'support@funkfix.example', role: 'support', shopIds: ['funkfix'] },
  { email: 'finance@funkfix.example', role: 'finance', shopIds: ['funkfix'] },
  { email: 'catalogue@ladeplatz.example', role: 'catalogue', shopIds: ['ladeplatz'] },
];

/** The demo staff whose tenants are all served here (the platform's admin always is). */
export async function loadDemoStaff(
  tx: Transaction,
  tenants: readonly TenantConfig[],
  cipher: PinCipher,
): Promise<void> {
  const served = new Set(tenants.map((tenant) => tenant.shopId));
  for (const member of DEMO_STAFF) {
    if (!member.shopIds.every((shopId) => served.has(shopId))) continue;
    await createStaff(
      tx,
      cipher,
      { ...member, password: DEMO_STAFF_PASSWORD, totpSecret: DEMO_STAFF_TOTP_SECRET },
      (shopId) => served.has(shopId),
    );
  }
}
