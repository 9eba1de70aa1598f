'use client';

import { OTP_LENGTH } from '@shop/domain';
import type { DeletionCodeSent } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { CodeEntry } from '../forms/CodeEntry';
import { fieldIds } from '../forms/field-ids';
import { ResendCodeButton } from '../forms/ResendCodeButton';

/** The code sent for the deletion, when (ms since the epoch) and whether it was asked for again. */
export type SentCode = DeletionCodeSent & { at: number; again: boolean };

/** The code that was sent, with a new one to ask for (after a wait) and the way back to the password. */
export function DeletionCodeProof({
  form,
  value,
  onChange,
  error,
  sent,
  onResend,
  onUsePassword,
}: {
  form: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  sent: SentCode | undefined;
  onResend: () => void;
  onUsePassword: () => void;
}) {
  const t = useTranslations('common');
  const where = sent ? { sentTo: sent.sentTo } : undefined;
  return (
    <>
      <CodeEntry
        ids={fieldIds(form, 'code')}
        name="code"
        length={OTP_LENGTH}
        checkPattern={false}
        required
        className="field account-field privacy-dialog__code"
        label={t('privacyCodeLabel')}
        hint={where && t(sent?.channel === 'sms' ? 'privacyCodeSentBySms' : 'privacyCodeSentByEmail', where)}
        value={value}
        onChange={onChange}
        error={error}
      />
      <div className="privacy-dialog__alternative">
        <ResendCodeButton sentAt={sent?.at ?? 0} className="link-button" onClick={onResend} />
        <button type="button" className="link-button" onClick={onUsePassword}>
          {t('privacyUsePassword')}
        </button>
      </div>
    </>
  );
}
