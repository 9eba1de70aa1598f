import type { ChangeEvent, RefObject } from 'react';
import type { FieldIds } from './field-ids';
import { fieldAria, type MessageProps } from './fields';

/**
 * What a field's input takes from the field: the form's ref to it, its id, its value as
 * `typed` keeps it, its aria attributes and its test id.
 */
export function boundInput(
  props: InputFieldProps,
  ids: FieldIds,
  typed: (value: string) => string = (value) => value,
) {
  return {
    ref: props.inputRef,
    id: ids.input,
    value: props.value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(typed(event.target.value)),
    ...fieldAria(ids, props.hint, props.error),
    'data-testid': props.testId,
  };
}

/** For what is typed exactly as meant (a user name, a password): no capital or spelling fix by the phone. */
export const AS_TYPED = { autoCapitalize: 'none', spellCheck: false } as const;

/** A field of one input with ids of its own: its value, how it changes, and the form's ref to it. */
export interface InputFieldProps extends MessageProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  testId?: string;
}
