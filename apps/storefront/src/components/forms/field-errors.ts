/** An error shown next to a field: a message key, and for an API refusal the value it refused. */
interface FieldError {
  key: string;
  refused?: string;
}
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/**
 * The errors still shown after the shopper changed the form: an error stays until its field is
 * fixed. A problem the form found goes once the field passes its check (or shows the field's new
 * problem: a postcode typed but in the wrong form); a refusal of the API goes once the field no
 * longer holds the refused value. No new error appears before the form is sent again.
 */
export function errorsAfterChange<F extends string>(
  errors: FieldErrors<F>,
  values: Readonly<Record<F, string>>,
  problems: Partial<Record<F, string>>,
): FieldErrors<F> {
  const kept: FieldErrors<F> = {};
  for (const field of Object.keys(errors) as F[]) {
    const error = errors[field];
    if (!error) continue;
    if (error.refused !== undefined) {
      if (values[field] === error.refused) kept[field] = error;
    } else {
      const problem = problems[field];
      if (problem) kept[field] = { key: problem };
    }
  }
  return kept;
}

/** The problems found as errors to show. */
export function errorsOf<F extends string>(problems: Partial<Record<F, string>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, key] of Object.entries(problems) as [F, string | undefined][]) {
    if (key) errors[field] = { key };
  }
  return errors;
}

/** A refusal of the API beside its field, kept while the field holds the value refused. */
export function refusedErrors<F extends string>(
  field: F,
  messageKey: string,
  values: Readonly<Record<F, string>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  errors[field] = { key: messageKey, refused: values[field] };
  return errors;
}
