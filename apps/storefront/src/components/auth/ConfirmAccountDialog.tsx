'use client';

import { ACCOUNT_CODE_LENGTH, isLanguage } from '@shop/domain';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { confirmAccount, register } from '../../lib/auth-api';
import { CodeEntry } from '../forms/CodeEntry';
import { ResendCodeButton } from '../forms/ResendCodeButton';
import { useFieldErrors } from '../forms/useFieldErrors';
import { AuthDialog } from './AuthDialog';
import { accountCodeProblem, failureKey, fieldOf } from './checks';
import { signIn } from './sign-in';

export interface PendingConfirmation {
  userName: string;
  /** Kept in memory only, to sign in at once after the confirmation (spec §4). */
  password: string;
  /** What the dialog says first: that the code has been sent, or that the account awaits it. */
  intro: string;
  /** Where the code went, masked, when the registration just sent it. */
  sentTo: string | undefined;
  /** When the code was sent (ms since the epoch); 0 when this page has not sent one. */
  sentAt: number;
}

/**
 * Spec §4: the dialog that takes the confirmation code of a new account; a confirmed account is
 * signed in at once with the password still in memory. "Send a new code" registers again with
 * the same password, which sends a new code to an account not yet confirmed.
 */
export function ConfirmAccountDialog({
  pending,
  target,
  onClose,
  returnFocusTo,
}: {
  pending: PendingConfirmation;
  target: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('common');
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [formError, setFormError] = useState<string>();
  const [sentAt, setSentAt] = useState(pending.sentAt);
  const input = useRef<HTMLInputElement>(null);
  const { errors, setErrors, changed } = useFieldErrors<'code'>({ code: accountCodeProblem });

  function codeError(key: string) {
    setErrors({ code: key });
    input.current?.focus();
    input.current?.select();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    setFormError(undefined);
    const problem = accountCodeProblem(code);
    if (problem) {
      codeError(problem);
      return;
    }
    setBusy(true);
    const confirmed = await confirmAccount({ userName: pending.userName, code });
    if (!confirmed.ok) {
      setBusy(false);
      if (fieldOf(confirmed.code) === 'code') codeError(failureKey(confirmed));
      else setFormError(failureKey(confirmed));
      return;
    }
    const outcome = await signIn({ userName: pending.userName, password: pending.password }, target, [
      'successfulRegistration',
      'successfulAuthentication',
    ]);
    if (outcome.kind === 'signedIn') return;
    setBusy(false);
    setFormError(outcome.kind === 'failed' ? failureKey(outcome.failure) : 'generalErrorMessage');
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    setNotice('');
    setFormError(undefined);
    const sent = await register({
      userName: pending.userName,
      password: pending.password,
      ...(isLanguage(locale) ? { language: locale } : {}),
    });
    setBusy(false);
    if (!sent.ok) {
      setFormError(failureKey(sent));
      return;
    }
    setCode('');
    setSentAt(Date.now());
    setNotice(t('otpResent'));
    input.current?.focus();
  }

  const description = pending.sentTo
    ? `${pending.intro} ${t('confirmAccountAsk', { destination: pending.sentTo })}`
    : pending.intro;

  return (
    <AuthDialog
      title={t('confirmAccountTitle')}
      description={description}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      testId="confirm-account-dialog"
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        <CodeEntry
          name="code"
          length={ACCOUNT_CODE_LENGTH}
          inputClassName="code-input"
          label={t('confirmationCodeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            changed('code', value);
          }}
          error={errors.code ? t(errors.code) : undefined}
          inputRef={input}
        />
        <div className="auth-form__error" role="alert">
          {formError && <p className="field__error">{t(formError)}</p>}
        </div>
        <p role="status" className="auth-form__notice">
          {notice}
        </p>
        <div className="auth-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {t('confirmAccountButton')}
          </button>
          <ResendCodeButton sentAt={sentAt} className="secondary-button" disabled={busy} onClick={resend} />
          <button type="button" className="link-button" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </AuthDialog>
  );
}
