import type { RefObject } from 'react';
import { fieldIds } from './field-ids';

/** The first field with a problem, in the order of the form, to put the focus in. */
export function firstWithProblem<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, unknown>>,
): F | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/** Moves focus to the first field with an error, in the order of `fields` (found by fieldIds). */
export function focusFirstError<F extends string>(
  form: string,
  fields: readonly F[],
  errors: Partial<Record<F, unknown>>,
) {
  const first = firstWithProblem(fields, errors);
  if (first) document.getElementById(fieldIds(form, first).input)?.focus();
}

/** Moves focus to the first input with a problem, in the order of the form; answers whether there is one. */
export function focusFirstProblem<F extends string>(
  order: readonly F[],
  problems: Partial<Record<F, unknown>>,
  inputs: Readonly<Record<F, RefObject<HTMLElement | null>>>,
): boolean {
  const first = firstWithProblem(order, problems);
  if (first) inputs[first].current?.focus();
  return first !== undefined;
}
