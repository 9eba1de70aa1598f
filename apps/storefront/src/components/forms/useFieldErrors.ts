import { useState } from 'react';

/**
 * The problems of a form's fields, as message keys. A problem stays until fixed: after a change
 * it is checked again with the field's check (a refusal of the API goes once the field changes).
 */
export function useFieldErrors<F extends string>(
  checks: Partial<Record<F, (value: string) => string | undefined>>,
) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const changed = (field: F, value: string) =>
    setErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: checks[field]?.(value) },
    );
  return { errors, setErrors, changed };
}
