import { accountProfileSchema } from '@shop/domain/contract';
import { getLocale, getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../components/account/AccountNav';
import { addressCountries, countryName } from '../../../components/account/countries';
import { PasswordForm } from '../../../components/account/PasswordForm';
import { ProfileForm } from '../../../components/account/ProfileForm';
import type { ProfileRules } from '../../../components/account/profile-checks';
import { accountCall, accountTenant } from '../../../lib/account';
import { titledBy } from '../../../lib/page-title';

export const generateMetadata = titledBy('profileTitle');

const HERE = '/account/profile';

/** The profile to view and change, and a new password. */
export default async function ProfilePage() {
  const tenant = await accountTenant();
  const [t, locale, profile] = await Promise.all([
    getTranslations('common'),
    getLocale(),
    accountCall(tenant, '/api/shop/rest/account/profile', accountProfileSchema, HERE),
  ]);
  const rules: ProfileRules = {
    houseNumberOptional: tenant.flags.isHouseNumberOptional,
    phoneCountries: tenant.phoneCountryCodes,
    isPhoneAccount: !profile.userName.includes('@'),
    tenantCountry: tenant.country.toUpperCase(),
  };
  return (
    <>
      <h1>{t('profileTitle')}</h1>
      <AccountNav current="profile" />
      <div className="account-forms">
        <ProfileForm
          profile={profile}
          rules={rules}
          countries={
            tenant.flags.hasAddressCountrySelection
              ? addressCountries(locale, profile.countryCode)
              : undefined
          }
          tenantCountry={{ code: rules.tenantCountry, name: countryName(tenant.country, locale) }}
          here={HERE}
        />
        <PasswordForm userName={profile.userName} here={HERE} />
      </div>
    </>
  );
}
