/** The ids of a field's hint and error paragraphs. */
export interface FieldMessageIds {
  hint: string;
  error: string;
}

/** What the field's input is described by: its hint, and its error while there is one. */
export const describedBy = (ids: FieldMessageIds, error: string | undefined): string =>
  error ? `${ids.hint} ${ids.error}` : ids.hint;

/** The hint under a field and, while there is one, its error. */
export function FieldMessages({
  ids,
  hint,
  error,
}: {
  ids: FieldMessageIds;
  hint: string;
  error: string | undefined;
}) {
  return (
    <>
      <p className="field__hint" id={ids.hint}>
        {hint}
      </p>
      <FieldError id={ids.error} error={error} />
    </>
  );
}

/** A field's error, while there is one (its input or group points at `id`). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}
