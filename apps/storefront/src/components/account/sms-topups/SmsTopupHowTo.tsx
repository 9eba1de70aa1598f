import { useTranslations } from 'next-intl';
import type { SmsTopupExample } from './sms-topup-display';

/** What to text where: "Send KOOP 15 1234 to 4411", and what each part of the text is. */
export function SmsTopupHowTo({ example, shortNumber }: { example: SmsTopupExample; shortNumber: string }) {
  const t = useTranslations('common');
  return (
    <div className="sms-topup__how">
      <p className="sms-topup__send" data-testid="sms-topup-how-to">
        {t.rich('smsTopupHowTo', {
          example: example.text,
          shortNumber,
          kbd: (chunks) => <kbd className="sms-topup__text">{chunks}</kbd>,
          number: (chunks) => <strong className="sms-topup__short-number">{chunks}</strong>,
        })}
      </p>
      <p className="sms-topup__explained">
        {t('smsTopupHowToExplained', { keyword: example.keyword, amount: example.amount, pin: example.pin })}
      </p>
    </div>
  );
}
