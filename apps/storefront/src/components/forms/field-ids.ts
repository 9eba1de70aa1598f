import { useId } from 'react';

/** The ids of a field's input, its hint and its error. */
export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

/** The ids of a field from the form's id and the field's name, to find the field by. */
export const fieldIds = (form: string, name: string): FieldIds => ({
  input: `${form}-${name}`,
  hint: `${form}-${name}-hint`,
  error: `${form}-${name}-error`,
});

/** The ids of a field that nothing outside it looks up. */
export function useFieldIds(): FieldIds {
  return { input: useId(), hint: useId(), error: useId() };
}
