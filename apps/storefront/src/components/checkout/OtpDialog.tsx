'use client';

import { OTP_LENGTH, OTP_PATTERN } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { keepTabInside } from '../../lib/focus-trap';
import { useResendCountdown } from './useResendCountdown';

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
  const ids = { title: useId(), text: useId(), code: useId(), error: useId() };
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const wait = useResendCountdown(sentAt);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    input.current?.focus();
    return () => {
      element?.close();
      requestAnimationFrame(() => returnFocusTo.current?.focus());
    };
  }, [returnFocusTo]);

  function showError(key: string) {
    setError(t(key));
    input.current?.focus();
    input.current?.select();
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setNotice('');
    if (!OTP_PATTERN.test(code)) {
      showError('otpFormat');
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
    <dialog
      ref={dialog}
      className="otp-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      data-testid="otp-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (dialog.current) keepTabInside(event, dialog.current);
      }}
    >
      <form onSubmit={confirm} noValidate aria-busy={busy}>
        <h2 id={ids.title}>{t('otpTitle')}</h2>
        <p id={ids.text}>{sentTo ? t('otpSentTo', { number: sentTo }) : t('otpSent')}</p>
        <div className="field">
          <label htmlFor={ids.code}>{t('otpCodeLabel')}</label>
          <input
            ref={input}
            id={ids.code}
            className="otp-dialog__code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${OTP_LENGTH}}`}
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
          {error && (
            <p className="field__error" id={ids.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <p role="status" className="otp-dialog__notice">
          {notice}
        </p>
        <div className="otp-dialog__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('otpConfirm')}
          </button>
          <button
            type="button"
            className="secondary-button"
            disabled={busy || wait > 0}
            onClick={resend}
            data-testid="otp-resend"
          >
            {wait > 0 ? t('otpResendIn', { seconds: wait }) : t('otpResend')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
