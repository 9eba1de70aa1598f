import { timeZoneOfCountry } from '@shop/domain';
import { paymentTokensAnswerSchema, smsTopupRowsAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../components/account/AccountNav';
import { usableMethods } from '../../../components/account/auto-topups/auto-topup-display';
import { SMS_TOPUPS_PATH } from '../../../components/account/payment-methods';
import { SmsTopupList } from '../../../components/account/sms-topups/SmsTopupList';
import {
  smsTopupExample,
  smsTopupShortNumber,
} from '../../../components/account/sms-topups/sms-topup-display';
import { accountCall, accountTenant, orderFormat } from '../../../lib/account';
import { currentLocale } from '../../../lib/locale';
import { titledBy } from '../../../lib/page-title';

export const generateMetadata = titledBy('smsTopupsTitle');

/** What a shopper should know about SMS top-ups, beside the list. */
const GOOD_TO_KNOW = [
  'smsTopupsOnlyYourNumber',
  'smsTopupsAnswerInfo',
  'smsTopupsLockInfo',
  'smsTopupsStopInfo',
];

/**
 * The account's numbers registered for SMS top-ups (decision 0041): loaded here, on this page
 * only, each with what to text where, its status and the method that pays, and the shopper's
 * ways to unlock it, change its PIN or method, or stop it. A shop that offers no SMS top-ups has
 * no such page.
 */
export default async function SmsTopupsPage() {
  const tenant = await accountTenant();
  const shortNumber = smsTopupShortNumber(tenant);
  if (!shortNumber) notFound();
  const [t, { language }, format, list, saved] = await Promise.all([
    getTranslations('common'),
    currentLocale(tenant),
    orderFormat(tenant),
    accountCall(tenant, '/api/shop/rest/smstopup/query', smsTopupRowsAnswerSchema, SMS_TOPUPS_PATH),
    accountCall(tenant, '/api/shop/rest/payment-tokens', paymentTokensAnswerSchema, SMS_TOPUPS_PATH),
  ]);
  return (
    <>
      <h1>{t('smsTopupsTitle')}</h1>
      <p className="account__greeting">{t('smsTopupsIntro')}</p>
      <AccountNav current="smsTopups" />
      <div className="auto-topups sms-topups">
        <div className="auto-topups__main">
          <SmsTopupList
            rows={list.rows}
            methods={usableMethods(saved.paymentTokens)}
            format={{ ...format, timeZone: timeZoneOfCountry(tenant.country) }}
            example={smsTopupExample(language)}
            shortNumber={shortNumber}
            here={SMS_TOPUPS_PATH}
            mainPage={mainPagePath(tenant)}
          />
        </div>
        <aside className="auto-topups__aside card card--quiet" aria-labelledby="sms-topups-good-to-know">
          <h2 id="sms-topups-good-to-know">{t('smsTopupsGoodToKnow')}</h2>
          <ul>
            {GOOD_TO_KNOW.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
