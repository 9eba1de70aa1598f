import { getTranslations } from 'next-intl/server';
import { ORDERS_PATH } from '../../lib/order-history';
import { AUTO_TOPUPS_PATH, PAYMENT_METHODS_PATH } from './payment-methods';

export type AccountSection = 'overview' | 'profile' | 'orders' | 'paymentMethods' | 'autoTopups' | 'privacy';

const LINKS: readonly { section: AccountSection; href: string; labelKey: string }[] = [
  { section: 'overview', href: '/account', labelKey: 'accountOverview' },
  { section: 'profile', href: '/account/profile', labelKey: 'profileTitle' },
  { section: 'orders', href: ORDERS_PATH, labelKey: 'ordersLink' },
  { section: 'paymentMethods', href: PAYMENT_METHODS_PATH, labelKey: 'accountNavPaymentMethods' },
  { section: 'autoTopups', href: AUTO_TOPUPS_PATH, labelKey: 'accountNavAutoTopups' },
  { section: 'privacy', href: '/account/privacy', labelKey: 'privacyTitle' },
];

/** The account's pages; the one shown (or the one the shown page belongs to) is marked. */
export async function AccountNav({ current, exact = true }: { current: AccountSection; exact?: boolean }) {
  const t = await getTranslations('common');
  return (
    <nav className="account-nav" aria-label={t('accountNavigation')}>
      <ul>
        {LINKS.map(({ section, href, labelKey }) => (
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
