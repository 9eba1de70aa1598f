import { addressLines, formatMsisdn } from '@shop/domain';
import type { AccountProfile } from '@shop/domain/contract';
import { getTranslations } from 'next-intl/server';
import { countryName } from './countries';

/** The profile in short: name, e-mail, number and address, each "not given" when it is not. */
export async function ProfileSummary({
  profile,
  tenantCountry,
  locale,
}: {
  profile: AccountProfile;
  /** The country an address without one is in. */
  tenantCountry: string;
  locale: string;
}) {
  const t = await getTranslations('common');
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ');
  const countryCode = profile.countryCode || tenantCountry;
  const lines = addressLines({
    zip: profile.zip ?? '',
    city: profile.city ?? '',
    street: profile.street ?? '',
    houseNumber: profile.houseNumber ?? '',
    countryCode,
  });
  const profileNotGiven = <span className="profile-summary__none">{t('profileNotGiven')}</span>;
  return (
    <dl className="profile-summary" data-testid="profile-summary">
      <div>
        <dt>{t('profileNameLabel')}</dt>
        <dd>{name || profileNotGiven}</dd>
      </div>
      <div>
        <dt>{t('emailLabel')}</dt>
        <dd>{profile.email || profileNotGiven}</dd>
      </div>
      <div>
        <dt>{t('phoneNumberLabel')}</dt>
        <dd>{profile.phoneNumber ? formatMsisdn(profile.phoneNumber) : profileNotGiven}</dd>
      </div>
      <div>
        <dt>{t('profileAddressLabel')}</dt>
        <dd>
          {lines.length > 0
            ? [...lines, countryName(countryCode, locale)].map((line) => (
                <span key={line} className="profile-summary__line">
                  {line}
                </span>
              ))
            : profileNotGiven}
        </dd>
      </div>
    </dl>
  );
}
