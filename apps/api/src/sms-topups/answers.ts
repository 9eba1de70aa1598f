import { formatMoney, isLanguage, type Language, smsTopupExampleText } from '@shop/domain';
import { type TenantConfig, tenantTranslations } from '@shop/tenants';
import { IntlMessageFormat } from 'intl-messageformat';

/** What an SMS top-up request is answered, by the key of its text in the `messages` namespace. */
export type SmsAnswer =
  | { key: 'smsTopupDone'; amount: number; msisdn: string; orderNumber: string }
  | { key: 'smsTopupFailed'; amount: number; msisdn: string }
  | { key: 'smsTopupWrongPin'; tries: number }
  | {
      key:
        | 'smsTopupDeclined'
        | 'smsTopupLocked'
        | 'smsTopupNotRegistered'
        | 'smsTopupNotUnderstood'
        | 'smsTopupMethodUnusable';
    }
  | { key: 'smsTopupAmount'; min: number; max: number };

/** The shopper's language where the shop speaks it, else the shop's own. */
export function answerLanguage(tenant: TenantConfig, language: string | null | undefined): Language {
  return language && isLanguage(language) && tenant.locales.includes(language)
    ? language
    : tenant.defaultLocale;
}

/** The answer's text in the language, with the shop's name, site and short number filled in. */
export function answerText(tenant: TenantConfig, language: Language, answer: SmsAnswer): string {
  const texts = tenantTranslations(tenant, language, 'messages');
  const money = (amount: number) => formatMoney(amount, tenant.currency, language);
  const values: Record<string, string | number> = {
    provider: tenant.providerName,
    site: tenant.domains[0] ?? tenant.domain,
    shortNumber: tenant.smsShortNumber ?? '',
    example: smsTopupExampleText(language),
  };
  if ('amount' in answer) values.amount = money(answer.amount);
  if ('msisdn' in answer) values.msisdn = answer.msisdn;
  if ('orderNumber' in answer) values.orderNumber = answer.orderNumber;
  if ('tries' in answer) values.tries = answer.tries;
  if ('min' in answer) {
    values.min = money(answer.min);
    values.max = money(answer.max);
  }
  return new IntlMessageFormat(texts[answer.key] ?? answer.key, language).format(values) as string;
}
