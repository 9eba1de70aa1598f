import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '../../components/auth/ResetPasswordForm';
import { queryValue, type SearchParams } from '../../lib/page-query';
import { titledBy } from '../../lib/page-title';
import { ownPath, RETURN_PARAMETER } from '../../lib/return-path';
import { requireTenant } from '../../lib/tenant';

export const generateMetadata = titledBy('resetPasswordTitle');

/** Spec §2 /reset-password: reached after asking for a reset code on /login (`?userName=`). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await requireTenant();
  if (tenant.flags.isAuthDisabled) notFound();
  const [t, query] = await Promise.all([getTranslations('common'), searchParams]);
  const userName = queryValue(query, 'userName')?.slice(0, 254) ?? '';
  return (
    <div className="auth">
      <h1>{t('resetPasswordTitle')}</h1>
      <p className="auth-intro">{t('resetPasswordText')}</p>
      <div className="auth-page">
        <section className="auth-card">
          <ResetPasswordForm
            initialUserName={userName}
            phoneRegistration={tenant.flags.isPhoneRegistrationAllowed}
            target={ownPath(queryValue(query, RETURN_PARAMETER))}
            codeJustSent={userName !== ''}
          />
        </section>
      </div>
    </div>
  );
}
