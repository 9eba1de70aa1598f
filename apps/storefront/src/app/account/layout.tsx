import type { ReactNode } from 'react';
import { accountTenant } from '../../lib/account';

/** The account pages exist only where the tenant has accounts; elsewhere every one of them is a 404. */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  await accountTenant();
  return <div className="account">{children}</div>;
}
