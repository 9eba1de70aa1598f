'use client';

import { type FieldIds, useFieldIds } from './field-ids';
import { Field } from './fields';
import { boundInput, type InputFieldProps } from './input-field';

/**
 * A one-time code sent by SMS or e-mail: digits only (whatever else is typed or pasted is
 * dropped), offered by the phone's keyboard and autofill from the message.
 */
export function CodeEntry({
  ids: givenIds,
  name,
  length,
  checkPattern = true,
  required,
  className,
  inputClassName,
  announceError,
  ...props
}: InputFieldProps & {
  /** Where the form looks the field up by id; else it has ids of its own. */
  ids?: FieldIds;
  name?: string;
  /** How many digits the code has. */
  length: number;
  /** Whether the input itself says how many digits it takes (its `pattern`). */
  checkPattern?: boolean;
  required?: boolean;
  /** The field's classes; `field` where not given. */
  className?: string;
  inputClassName?: string;
  /** Read out an error as it appears (a dialog whose focus stays on the button). */
  announceError?: boolean;
}) {
  const ownIds = useFieldIds();
  const ids = givenIds ?? ownIds;
  return (
    <Field
      ids={ids}
      label={props.label}
      hint={props.hint}
      error={props.error}
      announceError={announceError}
      className={className}
    >
      <input
        {...boundInput(props, ids, (typed) => typed.replace(/\D/g, ''))}
        name={name}
        className={inputClassName}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={checkPattern ? `\\d{${length}}` : undefined}
        maxLength={length}
        required={required}
      />
    </Field>
  );
}
