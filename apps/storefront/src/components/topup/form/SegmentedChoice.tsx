'use client';

import type { ReactNode } from 'react';
import { FieldError } from '../../forms/FieldMessages';

export interface SegmentedChoiceProps<T extends string> {
  legend: string;
  /** The legend is for screen readers only (the options say it all). */
  legendHidden?: boolean;
  /** The name the form posts the choice under (before JavaScript). */
  name: string;
  options: { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: { id: string; message: string | undefined };
  /** What follows the options inside the group (a hint). */
  children?: ReactNode;
}

/** A few radios side by side, the chosen one raised: a type, a frequency, a limit. */
export function SegmentedChoice<T extends string>(props: SegmentedChoiceProps<T>) {
  const { error } = props;
  return (
    <fieldset className="field" aria-describedby={error?.message ? error.id : undefined}>
      <legend className={props.legendHidden ? 'visually-hidden' : undefined}>{props.legend}</legend>
      <div className="segmented">
        {props.options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {props.children}
      {error && <FieldError id={error.id} error={error.message} />}
    </fieldset>
  );
}
