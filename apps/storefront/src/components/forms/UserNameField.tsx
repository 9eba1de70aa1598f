'use client';

import { useFieldIds } from './field-ids';
import { Field } from './fields';
import { AS_TYPED, boundInput, type InputFieldProps } from './input-field';

/** The account's user name: an e-mail, or an e-mail or mobile number where phone registration is allowed. */
export function UserNameField({
  phoneRegistration,
  autoComplete,
  ...props
}: InputFieldProps & { phoneRegistration: boolean; autoComplete: 'username' | 'email' }) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={props.label} hint={props.hint} error={props.error}>
      <input
        {...boundInput(props, ids)}
        name="userName"
        type={phoneRegistration ? 'text' : 'email'}
        autoComplete={autoComplete}
        {...AS_TYPED}
        maxLength={254}
      />
    </Field>
  );
}
