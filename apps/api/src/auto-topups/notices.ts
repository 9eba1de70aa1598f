import type { AutoTopup } from '@shop/db';
import { formatMoney, isLanguage, timeZoneOfCountry } from '@shop/domain';
import { type TenantConfig, tenantTranslations } from '@shop/tenants';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Mailer } from '../adapters/mailer';

/** Who hears about an automatic top-up: the account's e-mail, in the account's language. */
export interface Shopper {
  email: string | null;
  language: string | null;
}

export type AutoTopupNotice = 'upcoming' | 'invalid' | 'capReached';

const SUBJECT: Record<AutoTopupNotice, string> = {
  upcoming: 'autoTopupUpcomingSubject',
  invalid: 'autoTopupInvalidSubject',
  capReached: 'autoTopupCapReachedSubject',
};
const BODY: Record<AutoTopupNotice, string> = {
  upcoming: 'autoTopupUpcomingText',
  invalid: 'autoTopupInvalidText',
  capReached: 'autoTopupCapReachedText',
};

/**
 * An e-mail about an automatic top-up: the charge of tomorrow, a method that keeps being declined
 * (the top-up is invalid now), or a month's cap reached. Without an e-mail nothing goes.
 */
export async function sendAutoTopupNotice(
  mailer: Mailer,
  tenant: TenantConfig,
  shopper: Shopper,
  topup: AutoTopup,
  notice: AutoTopupNotice,
  when?: Date,
): Promise<void> {
  if (!shopper.email) return;
  const language =
    shopper.language && isLanguage(shopper.language) && tenant.locales.includes(shopper.language)
      ? shopper.language
      : tenant.defaultLocale;
  const texts = tenantTranslations(tenant, language, 'messages');
  const values = {
    provider: tenant.providerName,
    amount: formatMoney(topup.amount, topup.currency, language),
    msisdn: topup.msisdn,
    date: when
      ? new Intl.DateTimeFormat(language, {
          dateStyle: 'full',
          timeZone: timeZoneOfCountry(tenant.country),
        }).format(when)
      : '',
    email: tenant.supportEmail,
  };
  const say = (key: string) => new IntlMessageFormat(texts[key] ?? key, language).format(values) as string;
  await mailer.send({ to: shopper.email, subject: say(SUBJECT[notice]), text: say(BODY[notice]) });
}
