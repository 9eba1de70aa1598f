'use client';

import { ACCOUNT_CODE_LENGTH } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type HTMLInputAutoCompleteAttribute, type RefObject, useId, useState } from 'react';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message of the field's problem; shown under it and read with it until fixed. */
  error: string | undefined;
  /** Shown under the field before any problem, e.g. the password rule. */
  hint?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  testId?: string;
}

/** The ids a field's input is described by: its hint and, while there is one, its error. */
function useDescription(hint: string | undefined, error: string | undefined) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const describedBy = [hint ? ids.hint : undefined, error ? ids.error : undefined].filter(Boolean).join(' ');
  const messages = (
    <>
      {hint && (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={ids.error}>
          {error}
        </p>
      )}
    </>
  );
  return { ids, describedBy: describedBy || undefined, messages };
}

/** The account's user name: an e-mail, or an e-mail or mobile number where phone registration is allowed. */
export function UserNameField({
  phoneRegistration,
  autoComplete,
  ...props
}: FieldProps & { phoneRegistration: boolean; autoComplete: 'username' | 'email' }) {
  const { ids, describedBy, messages } = useDescription(props.hint, props.error);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={ids.input}
        name="userName"
        type={phoneRegistration ? 'text' : 'email'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={props.testId}
      />
      {messages}
    </div>
  );
}

/** A password, with a button that shows it as typed (for typing it on a phone without mistakes). */
export function PasswordField({
  autoComplete,
  ...props
}: FieldProps & {
  autoComplete: Extract<HTMLInputAutoCompleteAttribute, 'current-password' | 'new-password'>;
}) {
  const t = useTranslations('common');
  const [shown, setShown] = useState(false);
  const { ids, describedBy, messages } = useDescription(props.hint, props.error);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{props.label}</label>
      <div className="password-input">
        <input
          ref={props.inputRef}
          id={ids.input}
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={props.testId}
        />
        <button
          type="button"
          className="auth-secondary-button password-input__show"
          aria-pressed={shown}
          aria-controls={ids.input}
          onClick={() => setShown(!shown)}
        >
          {t('showPassword')}
        </button>
      </div>
      {messages}
    </div>
  );
}

/** A six-digit code from an e-mail or SMS. */
export function CodeField(props: FieldProps) {
  const { ids, describedBy, messages } = useDescription(props.hint, props.error);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={ids.input}
        name="code"
        className="code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${ACCOUNT_CODE_LENGTH}}`}
        maxLength={ACCOUNT_CODE_LENGTH}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={props.testId}
      />
      {messages}
    </div>
  );
}
