import type { ReactNode } from 'react';
import type { FieldIds } from './field-ids';

type MessageIds = Pick<FieldIds, 'hint' | 'error'>;

/** What a field's input is described by: its hint, and its error while there is one. */
export function describedBy(ids: MessageIds, hint: ReactNode, error: string | undefined): string | undefined {
  const parts = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The hint under a field, where it has one, and its error while there is one. */
export function FieldMessages({
  ids,
  hint,
  error,
  announce = false,
}: {
  ids: MessageIds;
  hint?: ReactNode;
  error: string | undefined;
  /** Read out the error as soon as it appears, where the focus stays elsewhere. */
  announce?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} error={error} announce={announce} />
    </>
  );
}

/** A field's error, while there is one (its input or group points at `id`). */
export function FieldError({
  id,
  error,
  announce = false,
}: {
  id: string;
  error: string | undefined;
  announce?: boolean;
}) {
  return error ? (
    <p className="field__error" id={id} role={announce ? 'alert' : undefined}>
      {error}
    </p>
  ) : null;
}
