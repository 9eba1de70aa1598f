import { AUTO_TOPUP_LIST_STATUSES, isTypeOffered, timeZoneOfCountry } from '@shop/domain';
import {
  type AutoTopupQuery,
  autoTopupRowsAnswerSchema,
  paymentTokensAnswerSchema,
} from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../components/account/AccountNav';
import { AutoTopupList } from '../../../components/account/auto-topups/AutoTopupList';
import { usableMethods } from '../../../components/account/auto-topups/auto-topup-display';
import { accountCall, accountTenant, orderFormat } from '../../../lib/account';
import { titledBy } from '../../../lib/page-title';

export const generateMetadata = titledBy('autoTopupsTitle');

const HERE = '/account/automatic-topups';

/** Spec §7: the account list asks for both families, in every status but DELETED. */
const LIST_QUERY: AutoTopupQuery = {
  autoTopupTypes: ['LOW_BALANCE', 'RECURRING'],
  statuses: [...AUTO_TOPUP_LIST_STATUSES],
};

/** What a shopper should know about automatic top-ups, beside the list; the notice ahead where the shop offers schedules. */
function goodToKnow(offersSchedules: boolean): string[] {
  return [
    ...(offersSchedules ? ['autoTopupsNoticeAhead'] : []),
    'autoTopupsReceipt',
    'autoTopupsCapInfo',
    'autoTopupsRetryInfo',
    'autoTopupsCancelInfo',
  ];
}

/**
 * The account's automatic top-ups (spec §3, §4, §7): loaded here, on this page only, each with
 * what it does, its status and charges, and the shopper's ways to pause, repair, limit or cancel
 * it. A shop that offers no automatic top-ups has no such page.
 */
export default async function AutoTopupsPage() {
  const tenant = await accountTenant();
  if (tenant.topup.options.allowedTypes.length === 0) notFound();
  const [t, format, list, saved] = await Promise.all([
    getTranslations('common'),
    orderFormat(tenant),
    accountCall(tenant, '/api/topup/autotopup/query', autoTopupRowsAnswerSchema, HERE, LIST_QUERY),
    accountCall(tenant, '/api/shop/rest/payment-tokens', paymentTokensAnswerSchema, HERE),
  ]);
  const pauseAllowed = tenant.topup.options.pauseAllowed;
  return (
    <>
      <h1>{t('autoTopupsTitle')}</h1>
      <p className="account__greeting">{t(pauseAllowed ? 'autoTopupsIntro' : 'autoTopupsIntroNoPause')}</p>
      <AccountNav current="autoTopups" />
      <div className="auto-topups">
        <div className="auto-topups__main">
          <AutoTopupList
            rows={list.rows}
            methods={usableMethods(saved.paymentTokens)}
            format={{ ...format, timeZone: timeZoneOfCountry(tenant.country) }}
            pauseAllowed={pauseAllowed}
            here={HERE}
            mainPage={mainPagePath(tenant)}
          />
        </div>
        <aside className="auto-topups__aside card card--quiet" aria-labelledby="auto-topups-good-to-know">
          <h2 id="auto-topups-good-to-know">{t('autoTopupsGoodToKnow')}</h2>
          <ul>
            {goodToKnow(isTypeOffered('RECURRING', tenant.topup.options.allowedTypes)).map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
