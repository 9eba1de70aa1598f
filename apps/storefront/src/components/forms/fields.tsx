'use client';

import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { describedBy, FieldMessages } from './FieldMessages';
import { type FieldIds, fieldIds } from './field-ids';

export interface MessageProps {
  label: string;
  /** Shown under the field before any problem, e.g. a rule or where a code went. */
  hint?: ReactNode;
  /** The translated error, shown under the field and read with it until it is fixed. */
  error: string | undefined;
}

/** A labelled control (`children`) with its hint and, while there is one, its error. */
export function Field({
  ids,
  label,
  hint,
  error,
  announceError,
  className = 'field',
  children,
}: MessageProps & { ids: FieldIds; announceError?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.input}>{label}</label>
      {children}
      <FieldMessages ids={ids} hint={hint} error={error} announce={announceError} />
    </div>
  );
}

/** The aria attributes of a field's control: invalid while it has an error, described by its messages. */
export const fieldAria = (ids: FieldIds, hint: ReactNode, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(ids, hint, error),
});

export interface NamedFieldProps extends MessageProps {
  /** The form's id; with `name` it makes the field's ids (see fieldIds). */
  form: string;
  name: string;
  className?: string;
}

/** A field found by its form's id and its name (see fieldIds), in the account's field style. */
export function NamedField({
  field,
  children,
}: {
  field: NamedFieldProps;
  children: (ids: FieldIds) => ReactNode;
}) {
  const ids = fieldIds(field.form, field.name);
  const className = `field account-field${field.className ? ` ${field.className}` : ''}`;
  return (
    <Field ids={ids} label={field.label} hint={field.hint} error={field.error} className={className}>
      {children(ids)}
    </Field>
  );
}

/** A labelled select with its hint and error. */
export function SelectField({
  value,
  onChange,
  options,
  autoComplete,
  ...field
}: NamedFieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  autoComplete?: HTMLInputAutoCompleteAttribute;
}) {
  return (
    <NamedField field={field}>
      {(ids) => (
        <select
          id={ids.input}
          name={field.name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          {...fieldAria(ids, field.hint, field.error)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </NamedField>
  );
}
