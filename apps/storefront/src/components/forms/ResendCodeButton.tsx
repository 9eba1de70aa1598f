'use client';

import { useTranslations } from 'next-intl';
import { useResendCountdown } from './useResendCountdown';

/** "Send a new code", which counts down the seconds until another code may be asked for. */
export function ResendCodeButton({
  sentAt,
  className,
  disabled = false,
  onClick,
  testId,
}: {
  /** When the last code was sent (ms since the epoch); 0 when none has been sent here. */
  sentAt: number;
  className: string;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
}) {
  const t = useTranslations('common');
  const wait = useResendCountdown(sentAt);
  return (
    <button
      type="button"
      className={className}
      disabled={disabled || wait > 0}
      onClick={onClick}
      data-testid={testId}
    >
      {wait > 0 ? t('otpResendIn', { seconds: wait }) : t('otpResend')}
    </button>
  );
}
