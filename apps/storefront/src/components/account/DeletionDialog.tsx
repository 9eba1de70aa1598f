'use client';

import { OTP_LENGTH } from '@shop/domain';
import {
  accountDeletedSchema,
  type DeleteAccountRequest,
  type DeletionCodeSent,
  deletionCodeSentSchema,
} from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { keepTabInside } from '../../lib/focus-trap';
import { loginPath } from '../../lib/login-path';
import { leaveNotice } from '../../lib/notice';
import { callShopApi } from '../../lib/shop-api';
import { useResendCountdown } from '../checkout/useResendCountdown';
import {
  DELETE_ACCOUNT_PATH,
  DELETION_CODE_PATH,
  type DeletionProof,
  deletionProblem,
  deletionRefusal,
} from './deletion';
import { fieldIds, TextField } from './fields';
import { errorsAfterChange, type FieldErrors } from './profile-checks';

type Values = Record<DeletionProof, string>;
const EMPTY: Values = { password: '', code: '' };

type Busy = 'deleting' | 'sending' | undefined;
type SentCode = DeletionCodeSent & { at: number; again: boolean };

interface DeletionDialogProps {
  userName: string;
  mainPage: string;
  here: string;
  onClose: () => void;
  /** Where focus goes when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The modal that confirms deleting the account (docs/decisions/0036): by the password, or by a
 * code sent for it, which accounts that sign in by code or single sign-on need. A wrong password
 * or code stays beside its field until it changes; anything else is said under the form.
 */
export function DeletionDialog({ userName, mainPage, here, onClose, returnFocusTo }: DeletionDialogProps) {
  const t = useTranslations('common');
  const form = useId();
  const ids = { title: `${form}-title`, text: `${form}-text` };
  const dialog = useRef<HTMLDialogElement>(null);
  const [proof, setProof] = useState<DeletionProof>('password');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<DeletionProof>>({});
  const [busy, setBusy] = useState<Busy>(undefined);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [sent, setSent] = useState<SentCode>();

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => {
      element?.close();
      requestAnimationFrame(() => returnFocusTo.current?.focus());
    };
  }, [returnFocusTo]);

  const focusField = (field: DeletionProof) => document.getElementById(fieldIds(form, field).input)?.focus();

  // The field that confirms: the password at first, the code once one is sent (again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code moves focus back to its field
  useEffect(() => {
    focusField(proof);
  }, [proof, sent]);

  function change(field: DeletionProof, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) =>
      errorsAfterChange(current, next, {
        password: deletionProblem('password', next.password),
        code: deletionProblem('code', next.code),
      }),
    );
  }

  function refused(status: number, code: string | undefined) {
    const meaning = deletionRefusal(status, code);
    if (meaning.kind === 'signedOut') {
      void goTo(loginPath(here));
    } else if (meaning.kind === 'field') {
      setErrors({ [meaning.proof]: { key: meaning.messageKey, refused: values[meaning.proof] } });
      focusField(meaning.proof);
    } else {
      setRefusal(meaning.messageKeys);
    }
  }

  async function sendCode(again: boolean) {
    if (busy) return;
    setRefusal([]);
    setBusy('sending');
    const result = await callShopApi(DELETION_CODE_PATH, deletionCodeSentSchema, { method: 'POST' });
    setBusy(undefined);
    if (!result.ok) {
      refused(result.status, result.code);
      return;
    }
    setValues((current) => ({ ...current, code: '' }));
    setErrors({});
    setProof('code');
    setSent({ ...result.data, at: Date.now(), again });
  }

  function backToPassword() {
    if (busy) return;
    setRefusal([]);
    setErrors({});
    setProof('password');
  }

  // Once a deletion is under way, it is seen through.
  function close() {
    if (!busy) onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setRefusal([]);
    const value = values[proof];
    const problem = deletionProblem(proof, value);
    if (problem) {
      setErrors({ [proof]: { key: problem } });
      focusField(proof);
      return;
    }
    setBusy('deleting');
    const body: DeleteAccountRequest = proof === 'password' ? { password: value } : { code: value };
    const result = await callShopApi(DELETE_ACCOUNT_PATH, accountDeletedSchema, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    if (result.ok) {
      // The proxy has cleared the session and the stored number; the main page says what happened.
      leaveNotice('privacyAccountDeleted');
      await goTo(mainPage);
      return;
    }
    setBusy(undefined);
    refused(result.status, result.code);
  }

  const error = (field: DeletionProof) => {
    const key = errors[field]?.key;
    return key ? t(key) : undefined;
  };

  return (
    <dialog
      ref={dialog}
      className="privacy-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      data-testid="deletion-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (dialog.current) keepTabInside(event, dialog.current);
      }}
    >
      <form onSubmit={submit} noValidate aria-busy={busy !== undefined}>
        <h2 id={ids.title}>{t('privacyDeleteDialogTitle')}</h2>
        <p id={ids.text}>{t('privacyDeleteDialogText')}</p>
        {proof === 'password' ? (
          <>
            {/* Tells a password manager which account the password belongs to. */}
            <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
            <TextField
              form={form}
              name="password"
              type="password"
              label={t('privacyPasswordLabel')}
              value={values.password}
              onChange={(password) => change('password', password)}
              autoComplete="current-password"
              required
              error={error('password')}
            />
            <div className="privacy-dialog__alternative">
              <p>{t('privacyNoPassword')}</p>
              <button type="button" className="link-button" onClick={() => sendCode(false)}>
                {t('privacySendCode')}
              </button>
            </div>
          </>
        ) : (
          <CodeField
            form={form}
            value={values.code}
            onChange={(code) => change('code', code)}
            error={error('code')}
            sent={sent}
            onResend={() => sendCode(true)}
            onUsePassword={backToPassword}
          />
        )}
        {refusal.length > 0 && (
          <div className="account-form__error" role="alert" data-testid="deletion-refused">
            {refusal.map((key) => (
              <p key={key}>{t(key)}</p>
            ))}
          </div>
        )}
        <div className="privacy-dialog__actions">
          <button type="submit" className="button">
            {t('privacyConfirmDelete')}
          </button>
          <button type="button" className="link-button" onClick={close}>
            {t('cancel')}
          </button>
          <p className="privacy-dialog__status" role="status" data-testid="deletion-status">
            {busy === 'deleting' && t('privacyDeleting')}
            {busy === 'sending' && t('privacySendingCode')}
            {!busy && sent?.again && proof === 'code' && t('otpResent')}
          </p>
        </div>
      </form>
    </dialog>
  );
}

/** The code that was sent, with a new one to ask for (after a wait) and the way back to the password. */
function CodeField({
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
  const wait = useResendCountdown(sent?.at ?? 0);
  const where = sent ? { sentTo: sent.sentTo } : undefined;
  return (
    <>
      <TextField
        form={form}
        name="code"
        label={t('privacyCodeLabel')}
        hint={where && t(sent?.channel === 'sms' ? 'privacyCodeSentBySms' : 'privacyCodeSentByEmail', where)}
        value={value}
        onChange={(code) => onChange(code.replace(/\D/g, ''))}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={OTP_LENGTH}
        required
        error={error}
        className="privacy-dialog__code"
      />
      <div className="privacy-dialog__alternative">
        <button type="button" className="link-button" disabled={wait > 0} onClick={onResend}>
          {wait > 0 ? t('otpResendIn', { seconds: wait }) : t('otpResend')}
        </button>
        <button type="button" className="link-button" onClick={onUsePassword}>
          {t('privacyUsePassword')}
        </button>
      </div>
    </>
  );
}
