import 'server-only';
import { outgoingMsisdn } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { cookies } from 'next/headers';
import { COOKIE_NAMES } from './cookie-names';

/** A session the tenant's phone app opened, as the pages need it (decision 0050). */
export interface AppVisit {
  /** Where the deep link hands the shopper back to the app. */
  returnUrl: string;
  /** The app's number, written as the tenant hands numbers to the app (spec §5). */
  msisdn?: string;
}

/** The app session of this request: the cookies the entry link set, on a tenant with the mobile-app flow. */
export async function currentAppVisit(tenant: TenantConfig): Promise<AppVisit | undefined> {
  if (!tenant.flags.hasMobileAppFlow) return undefined;
  const jar = await cookies();
  const returnUrl = jar.get(COOKIE_NAMES.appReturnUrl)?.value;
  if (jar.get(COOKIE_NAMES.channel)?.value !== 'app' || !returnUrl || !jar.get(COOKIE_NAMES.accessToken)) {
    return undefined;
  }
  const msisdn = jar.get(COOKIE_NAMES.phoneNumber)?.value;
  return {
    returnUrl,
    ...(msisdn ? { msisdn: outgoingMsisdn(msisdn, tenant.settings.stripLeadingPlus) } : {}),
  };
}
