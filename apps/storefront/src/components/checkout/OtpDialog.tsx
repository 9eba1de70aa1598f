'use client';

import { OTP_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { CodeEntry } from '../forms/CodeEntry';
import { codeProblem } from '../forms/code-check';
import { ResendCodeButton } from '../forms/ResendCodeButton';
import { DialogDescription, DialogTitle, ModalDialog } from '../ui/ModalDialog';

export interface OtpDialogProps {
  /** The masked number the code went to, when the API names it. */
  sentTo: string | undefined;
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
  busy: boolean;
  /** Checks the code; answers the message key of an error. */
  onConfirm: (code: string) => Promise<string | undefined>;
  /** Sends a new code; answers the message key of an error. */
  onResend: () => Promise<string | undefined>;
  onClose: () => void;
  /** Where focus goes when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Spec §4: the modal that asks for the one-time code sent by SMS before the payment starts. */
export function OtpDialog({
  sentTo,
  sentAt,
  busy,
  onConfirm,
  onResend,
  onClose,
  returnFocusTo,
}: OtpDialogProps) {
  const t = useTranslations('common');
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState('');

  function showError(key: string) {
    setError(t(key));
    input.current?.focus();
    input.current?.select();
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    const problem = codeProblem(code, OTP_LENGTH);
    if (problem) {
      showError(problem);
      return;
    }
    setError(undefined);
    const key = await onConfirm(code);
    if (key) showError(key);
  }

  async function resend() {
    setError(undefined);
    const key = await onResend();
    if (key) {
      showError(key);
      return;
    }
    setCode('');
    setNotice(t('otpResent'));
    input.current?.focus();
  }

  return (
    <ModalDialog
      className="otp-dialog"
      testId="otp-dialog"
      onClose={onClose}
      focusOnOpen={() => input.current}
      focusOnClose={() => returnFocusTo.current}
    >
      <form onSubmit={confirm} noValidate aria-busy={busy}>
        <DialogTitle>{t('otpTitle')}</DialogTitle>
        <DialogDescription>{sentTo ? t('otpSentTo', { number: sentTo }) : t('otpSent')}</DialogDescription>
        <CodeEntry
          length={OTP_LENGTH}
          inputClassName="otp-dialog__code"
          announceError
          label={t('otpCodeLabel')}
          value={code}
          onChange={setCode}
          error={error}
          inputRef={input}
        />
        <p role="status" className="otp-dialog__notice">
          {notice}
        </p>
        <div className="otp-dialog__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('otpConfirm')}
          </button>
          <ResendCodeButton
            sentAt={sentAt}
            className="secondary-button"
            disabled={busy}
            onClick={resend}
            testId="otp-resend"
          />
          <button type="button" className="link-button" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
