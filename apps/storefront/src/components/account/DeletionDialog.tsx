'use client';

import {
  accountDeletedSchema,
  type DeleteAccountRequest,
  deletionCodeSentSchema,
} from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, type RefObject, useEffect, useId, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { loginPath } from '../../lib/login-path';
import { leaveNotice } from '../../lib/notice';
import { callShopApi } from '../../lib/shop-api';
import { errorsAfterChange, type FieldErrors, refusedErrors } from '../forms/field-errors';
import { fieldIds } from '../forms/field-ids';
import { TextField } from '../forms/TextField';
import { useErrorText } from '../forms/useErrorText';
import { DialogDescription, DialogTitle, ModalDialog } from '../ui/ModalDialog';
import { DeletionCodeProof, type SentCode } from './DeletionCodeProof';
import {
  DELETE_ACCOUNT_PATH,
  DELETION_CODE_PATH,
  type DeletionProof,
  deletionProblem,
  deletionRefusal,
} from './deletion';

type Values = Record<DeletionProof, string>;
const EMPTY: Values = { password: '', code: '' };

type Busy = 'deleting' | 'sending' | undefined;

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
  const [proof, setProof] = useState<DeletionProof>('password');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<DeletionProof>>({});
  const [busy, setBusy] = useState<Busy>(undefined);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [sent, setSent] = useState<SentCode>();

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
      setErrors(refusedErrors(meaning.proof, meaning.messageKey, values));
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

  const error = useErrorText(errors);

  return (
    <ModalDialog
      className="privacy-dialog"
      testId="deletion-dialog"
      onClose={close}
      focusOnClose={() => returnFocusTo.current}
    >
      <form onSubmit={submit} noValidate aria-busy={busy !== undefined}>
        <DialogTitle>{t('privacyDeleteDialogTitle')}</DialogTitle>
        <DialogDescription>{t('privacyDeleteDialogText')}</DialogDescription>
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
          <DeletionCodeProof
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
    </ModalDialog>
  );
}
