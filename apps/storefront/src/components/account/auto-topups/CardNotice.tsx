'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';

/** What a card's last change came to: its success message, or the error's. */
export type CardNoticeState = { kind: 'done' | 'failed'; key: string } | undefined;

/**
 * Under a top-up's card: the success of its last change (a status the screen reader reads, and
 * that takes the focus when the button pressed went away), or its error.
 */
export function CardNotice({
  notice,
  busy,
  noticeRef,
  testIdPrefix,
}: {
  notice: CardNoticeState;
  busy: boolean;
  noticeRef: Ref<HTMLParagraphElement>;
  /** `auto-topup` or `sms-topup`: the card's test ids. */
  testIdPrefix: string;
}) {
  const t = useTranslations('common');
  return (
    <>
      <p
        ref={noticeRef}
        tabIndex={-1}
        className="auto-topup__notice"
        role="status"
        data-testid={`${testIdPrefix}-notice`}
      >
        {notice?.kind === 'done'
          ? t(notice.key)
          : busy && <span className="visually-hidden">{t('profileSaving')}</span>}
      </p>
      {notice?.kind === 'failed' && (
        <p className="auto-topup__error" role="alert" data-testid={`${testIdPrefix}-error`}>
          {t(notice.key)}
        </p>
      )}
    </>
  );
}
