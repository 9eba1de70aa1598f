'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { ConfirmAccountDialog, type PendingConfirmation } from './ConfirmAccountDialog';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordDialog } from './NewPasswordDialog';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';

type Dialog =
  | { kind: 'confirm'; pending: PendingConfirmation; returnFocusTo: 'signIn' | 'register' }
  | { kind: 'newPassword'; userName: string; recoveryToken: string };

export interface LoginPanelProps {
  /** Where a sign-in goes on to: the page the shopper came from, or the main page (spec §2). */
  target: string;
  /** The login field takes a mobile number too (spec §5). */
  phoneRegistration: boolean;
}

/**
 * /login: sign in by password or code, "forgot password", and opening an account, with the
 * dialogs that follow (confirmation code, new password).
 */
export function LoginPanel({ target, phoneRegistration }: LoginPanelProps) {
  const t = useTranslations('common');
  const [userName, setUserName] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const forgotId = useId();
  const registerHeading = useId();
  const signInButton = useRef<HTMLButtonElement>(null);
  const registerButton = useRef<HTMLButtonElement>(null);
  const close = () => setDialog(undefined);

  return (
    <div className="auth-page">
      <section className="auth-card">
        <SignInForm
          target={target}
          phoneRegistration={phoneRegistration}
          userName={userName}
          setUserName={setUserName}
          onNeedsConfirmation={(password) =>
            setDialog({
              kind: 'confirm',
              pending: {
                userName: userName.trim(),
                password,
                intro: t('accountNotConfirmed'),
                sentTo: undefined,
                sentAt: 0,
              },
              returnFocusTo: 'signIn',
            })
          }
          onNeedsNewPassword={(recoveryToken) =>
            setDialog({ kind: 'newPassword', userName: userName.trim(), recoveryToken })
          }
          forgot={{ id: forgotId, open: forgotOpen, toggle: () => setForgotOpen(!forgotOpen) }}
          submitRef={signInButton}
        />
        <div id={forgotId} hidden={!forgotOpen}>
          {forgotOpen && (
            <ForgotPasswordForm
              id={`${forgotId}-form`}
              initialUserName={userName}
              phoneRegistration={phoneRegistration}
              target={target}
            />
          )}
        </div>
      </section>

      <section className="auth-card" aria-labelledby={registerHeading}>
        <h2 id={registerHeading}>{t('registerTitle')}</h2>
        <p>{t('registerText')}</p>
        <RegisterForm
          phoneRegistration={phoneRegistration}
          submitRef={registerButton}
          onRegistered={(answer, password) =>
            setDialog({
              kind: 'confirm',
              pending: {
                userName: answer.userName,
                password,
                intro: t(answer.channel === 'sms' ? 'registrationSentSms' : 'registrationSent'),
                sentTo: answer.sentTo,
                sentAt: Date.now(),
              },
              returnFocusTo: 'register',
            })
          }
        />
      </section>

      {dialog?.kind === 'confirm' && (
        <ConfirmAccountDialog
          pending={dialog.pending}
          target={target}
          onClose={close}
          returnFocusTo={dialog.returnFocusTo === 'signIn' ? signInButton : registerButton}
        />
      )}
      {dialog?.kind === 'newPassword' && (
        <NewPasswordDialog
          userName={dialog.userName}
          recoveryToken={dialog.recoveryToken}
          target={target}
          onClose={close}
          returnFocusTo={signInButton}
        />
      )}
    </div>
  );
}
