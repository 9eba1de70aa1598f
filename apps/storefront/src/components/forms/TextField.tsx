'use client';

import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { fieldAria, NamedField, type NamedFieldProps } from './fields';

/** A labelled text input with its hint and, while there is one, its error. */
export function TextField({
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
  ...field
}: NamedFieldProps & {
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
  return (
    <NamedField field={field}>
      {(ids) => (
        <input
          id={ids.input}
          name={field.name}
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
          {...fieldAria(ids, field.hint, field.error)}
        />
      )}
    </NamedField>
  );
}
