import { LATEST_ORDERS_SHOWN } from '@shop/domain';
import { accountProfileSchema, orderHistoryAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../components/account/AccountNav';
import { OrderCard } from '../../components/account/OrderCard';
import { ProfileSummary } from '../../components/account/ProfileSummary';
import {
  AUTO_TOPUPS_PATH,
  PAYMENT_METHODS_PATH,
  SMS_TOPUPS_PATH,
} from '../../components/account/payment-methods';
import { smsTopupShortNumber } from '../../components/account/sms-topups/sms-topup-display';
import { accountCall, accountTenant, orderFormat } from '../../lib/account';
import { ORDERS_PATH, orderHistoryApiPath } from '../../lib/order-history';
import { titledBy } from '../../lib/page-title';

export const generateMetadata = titledBy('accountOverviewTitle');

const HERE = '/account';

/** The account in short: the profile and the latest orders (spec §2), with the way to each in full. */
export default async function AccountPage() {
  const tenant = await accountTenant();
  const [t, format, profile, history] = await Promise.all([
    getTranslations('common'),
    orderFormat(tenant),
    accountCall(tenant, '/api/shop/rest/account/profile', accountProfileSchema, HERE),
    accountCall(
      tenant,
      orderHistoryApiPath({ page: 1, status: 'all' }, LATEST_ORDERS_SHOWN),
      orderHistoryAnswerSchema,
      HERE,
    ),
  ]);
  return (
    <>
      <h1>{t('accountOverviewTitle')}</h1>
      <p className="account__greeting">
        {t('accountGreeting', { name: profile.firstname || profile.userName })}
      </p>
      <AccountNav current="overview" />
      <div className="account-overview">
        <section className="card account-panel" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('profileSummaryTitle')}</h2>
          <ProfileSummary profile={profile} tenantCountry={tenant.country} locale={format.locale} />
          <a className="account-panel__more" href="/account/profile">
            {t('editProfileLink')}
          </a>
          <a className="account-panel__more" href="/account/privacy">
            {t('privacyOverviewLink')}
          </a>
        </section>
        <section
          className="card account-panel account-overview__orders"
          aria-labelledby="account-latest-orders"
        >
          <h2 id="account-latest-orders">{t('latestOrdersTitle')}</h2>
          {history.orders.length > 0 ? (
            <>
              <ul className="order-list" data-testid="latest-orders">
                {history.orders.map((order) => (
                  <li key={order.orderNumber}>
                    <OrderCard order={order} format={format} headingLevel={3} />
                  </li>
                ))}
              </ul>
              <a className="account-panel__more" href={ORDERS_PATH}>
                {t('allOrdersLink')}
              </a>
            </>
          ) : (
            <div className="account-empty">
              <p>{t('noOrdersYet')}</p>
              <a className="button" href={mainPagePath(tenant)}>
                {t('continueShopping')}
              </a>
            </div>
          )}
        </section>
        <section className="card account-panel" aria-labelledby="account-payments">
          <h2 id="account-payments">{t('accountPaymentsTitle')}</h2>
          <p className="account-panel__text">{t('accountPaymentsText')}</p>
          <a className="account-panel__more" href={PAYMENT_METHODS_PATH}>
            {t('accountPaymentMethodsLink')}
          </a>
          <a className="account-panel__more" href={AUTO_TOPUPS_PATH}>
            {t('accountAutoTopupsLink')}
          </a>
          {smsTopupShortNumber(tenant) && (
            <a className="account-panel__more" href={SMS_TOPUPS_PATH}>
              {t('accountSmsTopupsLink')}
            </a>
          )}
        </section>
      </div>
    </>
  );
}
