import { DomainError, isLanguage, type Language, maskEmail, maskMsisdn } from '@shop/domain';
import { tenantTranslations } from '@shop/tenants';
import { IntlMessageFormat } from 'intl-messageformat';
import type { CodePurpose } from './codes';
import type { AccountContext } from './context';
import type { Customer } from './sessions';

/** The message keys of each purpose's mail and SMS. */
const TEMPLATES: Record<CodePurpose, { subject: string; text: string; sms: string }> = {
  CONFIRM: { subject: 'accountConfirmSubject', text: 'accountConfirmMail', sms: 'accountConfirmSms' },
  RESET: { subject: 'passwordResetSubject', text: 'passwordResetMail', sms: 'passwordResetSms' },
  SIGN_IN: { subject: 'loginCodeSubject', text: 'loginCodeMail', sms: 'loginCodeSms' },
  DELETE: { subject: 'accountDeleteSubject', text: 'accountDeleteMail', sms: 'accountDeleteSms' },
};

export interface SentCode {
  channel: 'email' | 'sms';
  /** The address or number, masked. */
  sentTo: string;
}

export function languageOf(
  context: Pick<AccountContext, 'tenant'>,
  wanted: string | null | undefined,
): Language {
  const { tenant } = context;
  return wanted && isLanguage(wanted) && tenant.locales.includes(wanted) ? wanted : tenant.defaultLocale;
}

/**
 * Sends an account code: a sign-in code by SMS to the account's number (spec: login by one-time
 * code by SMS); any other by e-mail to an e-mail account and by SMS to a phone account. Counted
 * against the abuse limits first; a gateway or mail server that cannot take it answers 503.
 */
export async function sendCode(
  context: AccountContext,
  customer: Pick<Customer, 'userName' | 'email' | 'phoneNumber' | 'language'>,
  purpose: CodePurpose,
  code: string,
): Promise<SentCode> {
  const { tenant, mailer, messages, log } = context;
  const phoneAccount = !customer.userName.includes('@');
  const email = purpose === 'SIGN_IN' || phoneAccount ? undefined : customer.userName;
  const number = phoneAccount ? customer.userName : customer.phoneNumber;
  const recipient = email ?? number;
  if (!recipient)
    throw new DomainError('VALIDATION_FAILED', 'The account has no mobile number to send a code to');
  await context.allowCode(recipient);
  const language = languageOf(context, customer.language);
  const texts = tenantTranslations(tenant, language, 'messages');
  const say = (key: string) =>
    new IntlMessageFormat(texts[key] ?? '{code}', language).format({
      code,
      provider: tenant.providerName,
    }) as string;
  const templates = TEMPLATES[purpose];
  try {
    if (email) {
      await mailer.send({ to: email, subject: say(templates.subject), text: say(templates.text) });
      return { channel: 'email', sentTo: maskEmail(email) };
    }
    await messages.send({
      shopId: tenant.shopId,
      channel: 'sms',
      to: recipient,
      text: say(templates.sms),
      from: tenant.shortName,
    });
    return { channel: 'sms', sentTo: maskMsisdn(recipient) };
  } catch (error) {
    log.warn({ err: error, purpose }, 'account code not sent');
    throw new DomainError('SERVICE_UNAVAILABLE', 'The code could not be sent; please try again');
  }
}
