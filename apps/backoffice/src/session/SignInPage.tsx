import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { homePathFor } from '../layout/navigation';
import { ThemeToggle } from '../layout/ThemeToggle';
import { useErrorText } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { Loading } from '../ui/Loading';
import { Page } from '../ui/Page';
import { signIn } from './api';
import { returnPath } from './return-path';
import { SESSION_KEY, useSession } from './session';

/** Sign-in with e-mail, password and the current one-time code; then back where the staff member was going. */
export function SignInPage() {
  const t = useTranslations('signIn');
  const [params] = useSearchParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const codeField = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const signingIn = useMutation({
    mutationFn: signIn,
    onSuccess: ({ staff }) => {
      // Nothing read for whoever was signed in before stays in the cache.
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, staff);
    },
    onError: (error) => {
      if (isApiError(error, 401, 'TOTP_REQUIRED')) codeField.current?.focus();
    },
  });

  if (session.data)
    return <Navigate to={returnPath(params.get('returnTo')) ?? homePathFor(session.data.role)} replace />;

  const codeMissing = isApiError(signingIn.error, 401, 'TOTP_REQUIRED');
  const problem = !signingIn.isError
    ? ''
    : codeMissing
      ? t('codeRequired')
      : isApiError(signingIn.error, 401)
        ? t('wrong')
        : isApiError(signingIn.error, 429)
          ? t('tooMany')
          : errorText(signingIn.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const totp = code.replace(/\s/g, '');
    signingIn.mutate({ email: email.trim(), password, ...(totp ? { totp } : {}) });
  };

  return (
    <div className="sign-in">
      <div className="sign-in-card">
        <div className="sign-in-top">
          <p className="product-name">{t('product')}</p>
          <ThemeToggle />
        </div>
        <main id="main" tabIndex={-1}>
          <Page title={t('title')}>
            {session.isPending ? (
              <Loading />
            ) : (
              <form className="form" onSubmit={submit}>
                <div role="alert" className="notice-slot">
                  {problem && !codeMissing && <p className="notice notice-error">{problem}</p>}
                </div>
                <Field label={t('email')}>
                  {(control) => (
                    <input
                      {...control}
                      type="email"
                      autoComplete="username"
                      required
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('password')}>
                  {(control) => (
                    <input
                      {...control}
                      type="password"
                      autoComplete="current-password"
                      required
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('code')} hint={t('codeHint')} error={codeMissing ? problem : undefined}>
                  {(control) => (
                    <input
                      {...control}
                      ref={codeField}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={7}
                      value={code}
                      onChange={(event) => setCode(event.target.value)}
                    />
                  )}
                </Field>
                <button
                  type="submit"
                  className="button button-primary button-wide"
                  disabled={signingIn.isPending}
                >
                  {signingIn.isPending ? t('signingIn') : t('submit')}
                </button>
              </form>
            )}
          </Page>
        </main>
      </div>
    </div>
  );
}
