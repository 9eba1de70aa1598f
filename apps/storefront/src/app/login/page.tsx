import { mainPagePath } from '@shop/tenants';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LoginPanel } from '../../components/auth/LoginPanel';
import { queryValue, type SearchParams } from '../../lib/page-query';
import { titledBy } from '../../lib/page-title';
import { RETURN_PARAMETER, returnPath, withReturn } from '../../lib/return-path';
import { currentShopper } from '../../lib/signed-in';
import { requireTenant } from '../../lib/tenant';

export const generateMetadata = titledBy('loginTitle');

/**
 * Spec §2 /login, on tenants with accounts. A signed-in shopper goes straight on to the page the
 * sign-in would have gone to.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await requireTenant();
  if (tenant.flags.isAuthDisabled) notFound();
  const [t, query, shopper] = await Promise.all([
    getTranslations('common'),
    searchParams,
    currentShopper(tenant),
  ]);
  const target = returnPath(queryValue(query, RETURN_PARAMETER), mainPagePath(tenant));
  if (shopper.signedIn) redirect(target);
  return (
    <div className="auth">
      <h1>{t('loginTitle')}</h1>
      {queryValue(query, 'sso') === 'failed' ? (
        <p className="auth__notice" role="alert">
          {t('ssoFailed', { provider: tenant.providerName })}
        </p>
      ) : null}
      <LoginPanel target={target} phoneRegistration={tenant.flags.isPhoneRegistrationAllowed} />
      {tenant.variations.ssoLoginUrl ? (
        <p className="auth__sso">
          <a className="button button--secondary" href={withReturn('/login/sso', target)}>
            {t('loginWithSso', { provider: tenant.providerName })}
          </a>
        </p>
      ) : null}
    </div>
  );
}
