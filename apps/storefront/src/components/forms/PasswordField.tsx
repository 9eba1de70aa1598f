'use client';

import { useTranslations } from 'next-intl';
import { type HTMLInputAutoCompleteAttribute, useState } from 'react';
import { useFieldIds } from './field-ids';
import { Field } from './fields';
import { AS_TYPED, boundInput, type InputFieldProps } from './input-field';

/** A password, with a button that shows it as typed (for typing it on a phone without mistakes). */
export function PasswordField({
  autoComplete,
  ...props
}: InputFieldProps & {
  autoComplete: Extract<HTMLInputAutoCompleteAttribute, 'current-password' | 'new-password'>;
}) {
  const t = useTranslations('common');
  const [shown, setShown] = useState(false);
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={props.label} hint={props.hint} error={props.error}>
      <div className="password-input">
        <input
          {...boundInput(props, ids)}
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          {...AS_TYPED}
        />
        <button
          type="button"
          className="secondary-button password-input__show"
          aria-pressed={shown}
          aria-controls={ids.input}
          onClick={() => setShown(!shown)}
        >
          {t('showPassword')}
        </button>
      </div>
    </Field>
  );
}
