import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { ORDERS_PATH } from '../../lib/order-history';
import { requireTenant } from '../../lib/tenant';
import { AUTO_TOPUPS_PATH, PAYMENT_METHODS_PATH, SMS_TOPUPS_PATH } from './payment-methods';
import { smsTopupShortNumber } from './sms-topups/sms-topup-display';

export type AccountSection =
  | 'overview'
  | 'profile'
  | 'orders'
  | 'paymentMethods'
  | 'autoTopups'
  | 'smsTopups'
  | 'privacy';

const LINKS: readonly {
  section: AccountSection;
  href: string;
  labelKey: string;
  /** Whether the shop has the page; without this, every shop with accounts has it. */
  offered?: (tenant: TenantConfig) => boolean;
}[] = [
  { section: 'overview', href: '/account', labelKey: 'accountOverview' },
  { section: 'profile', href: '/account/profile', labelKey: 'profileTitle' },
  { section: 'orders', href: ORDERS_PATH, labelKey: 'ordersLink' },
  { section: 'paymentMethods', href: PAYMENT_METHODS_PATH, labelKey: 'accountNavPaymentMethods' },
  { section: 'autoTopups', href: AUTO_TOPUPS_PATH, labelKey: 'accountNavAutoTopups' },
  {
    section: 'smsTopups',
    href: SMS_TOPUPS_PATH,
    labelKey: 'accountNavSmsTopups',
    offered: (tenant) => smsTopupShortNumber(tenant) !== undefined,
  },
  { section: 'privacy', href: '/account/privacy', labelKey: 'privacyTitle' },
];

/** The account's pages that the shop has; the one shown (or the one the shown page belongs to) is marked. */
export async function AccountNav({ current, exact = true }: { current: AccountSection; exact?: boolean }) {
  const [t, tenant] = await Promise.all([getTranslations('common'), requireTenant()]);
  return (
    <nav className="account-nav" aria-label={t('accountNavigation')}>
      <ul>
        {LINKS.filter(({ offered }) => offered?.(tenant) ?? true).map(({ section, href, labelKey }) => (
          <li key={section}>
            <a
              href={href}
              aria-current={section === current ? (exact ? 'page' : 'true') : undefined}
              data-current={section === current ? '' : undefined}
            >
              {t(labelKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
