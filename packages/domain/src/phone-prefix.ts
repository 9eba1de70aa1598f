// Kept apart from phone.ts: these need no phone-number metadata, so a page that only writes
// numbers this way ships none (decision 0029).

/**
 * Spec §5: the phone number of a cart item carries a leading +. Trims spaces, turns a 00
 * international prefix into + and adds a missing +; an empty number stays empty.
 */
export function withLeadingPlus(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed === '' || trimmed.startsWith('+')) return trimmed;
  return `+${trimmed.startsWith('00') ? trimmed.slice(2) : trimmed}`;
}

/** Spec §5: the tenant type that sends phone numbers without a leading +. */
export function withoutLeadingPlus(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
}
