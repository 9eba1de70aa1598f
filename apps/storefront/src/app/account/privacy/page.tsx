import { accountProfileSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { AccountDeletion } from '../../../components/account/AccountDeletion';
import { AccountNav } from '../../../components/account/AccountNav';
import { OWN_DATA_EXPORT_PATH } from '../../../components/account/deletion';
import { accountCall, accountTenant } from '../../../lib/account';
import { titledBy } from '../../../lib/page-title';

export const generateMetadata = titledBy('privacyTitle');

const HERE = '/account/privacy';

/**
 * The shopper's own data (docs/decisions/0036): a copy of everything the shop holds about the
 * account, and deleting the account.
 */
export default async function PrivacyPage() {
  const tenant = await accountTenant();
  const [t, profile] = await Promise.all([
    getTranslations('common'),
    accountCall(tenant, '/api/shop/rest/account/profile', accountProfileSchema, HERE),
  ]);
  return (
    <>
      <h1>{t('privacyTitle')}</h1>
      <p className="account__greeting">{t('privacyIntro')}</p>
      <AccountNav current="privacy" />
      <div className="privacy">
        <section className="card account-panel" aria-labelledby="privacy-export">
          <h2 id="privacy-export">{t('privacyExportTitle')}</h2>
          <p>{t('privacyExportText')}</p>
          {/* A plain link: the API answers the file as an attachment, no script needed. */}
          <a className="button privacy__download" href={OWN_DATA_EXPORT_PATH} download>
            {t('privacyExportButton')}
          </a>
        </section>
        <section className="card account-panel" aria-labelledby="privacy-delete">
          <h2 id="privacy-delete">{t('privacyDeleteTitle')}</h2>
          <p>{t('privacyDeleteIntro')}</p>
          <ul className="privacy__consequences">
            <li>{t('privacyDeletePersonal')}</li>
            <li>{t('privacyDeleteOrders')}</li>
            <li>{t('privacyDeleteSessions')}</li>
            <li>{t('privacyDeleteFinal')}</li>
          </ul>
          <AccountDeletion userName={profile.userName} mainPage={mainPagePath(tenant)} here={HERE} />
        </section>
      </div>
    </>
  );
}
