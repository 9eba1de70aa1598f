'use client';

import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';

/** The ids of a field's input, hint and error, from the form's id and the field's name. */
export const fieldIds = (form: string, name: string) => ({
  input: `${form}-${name}`,
  hint: `${form}-${name}-hint`,
  error: `${form}-${name}-error`,
});

function describedBy(ids: ReturnType<typeof fieldIds>, hint: ReactNode, error: string | undefined) {
  const parts = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

interface FieldProps {
  form: string;
  name: string;
  label: string;
  hint?: ReactNode;
  /** The translated error, shown under the field until it is fixed. */
  error: string | undefined;
  className?: string;
}

function FieldText({
  ids,
  hint,
  error,
}: {
  ids: ReturnType<typeof fieldIds>;
  hint: ReactNode;
  error?: string;
}) {
  return (
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
}

/** A labelled text input with its hint and, while there is one, its error. */
export function TextField({
  form,
  name,
  label,
  hint,
  error,
  className,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  maxLength,
  readOnly,
  required,
  inputMode,
  list,
}: FieldProps & {
  value: string;
  onChange?: (value: string) => void;
  /** The id of a datalist of suggestions. */
  list?: string;
  onBlur?: () => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  maxLength?: number;
  readOnly?: boolean;
  required?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
}) {
  const ids = fieldIds(form, name);
  return (
    <div className={`field account-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.input}>{label}</label>
      <input
        id={ids.input}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        maxLength={maxLength}
        readOnly={readOnly}
        required={required}
        inputMode={inputMode}
        list={list}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
      <FieldText ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select with its hint and error. */
export function SelectField({
  form,
  name,
  label,
  hint,
  error,
  className,
  value,
  onChange,
  options,
  autoComplete,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  autoComplete?: HTMLInputAutoCompleteAttribute;
}) {
  const ids = fieldIds(form, name);
  return (
    <div className={`field account-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.input}>{label}</label>
      <select
        id={ids.input}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldText ids={ids} hint={hint} error={error} />
    </div>
  );
}

/** Moves focus to the first field with an error, in the order of `fields`. */
export function focusFirstError(
  form: string,
  fields: readonly string[],
  errors: Partial<Record<string, unknown>>,
) {
  const first = fields.find((field) => errors[field]);
  if (first) document.getElementById(fieldIds(form, first).input)?.focus();
}
