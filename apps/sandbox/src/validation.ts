/**
 * Checks shared by the sandbox's parts. A failed check carries a message that names the field,
 * so the answer `400 { code: 'VALIDATION_FAILED', message }` tells the caller what to fix.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text that is not blank and at most `maxLength` characters long. */
export function isText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= maxLength;
}

/** A positive whole amount in minor units. */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** An ISO 4217 currency code in upper case that Intl knows, e.g. `EUR`. */
export function isCurrencyCode(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[A-Z]{3}$/.test(value) &&
    Intl.supportedValuesOf('currency').includes(value)
  );
}
