/** An amount as the shopper types it in major units ("12,50", "12.5"), in minor units; null for none. */
export function minorUnits(typed: string): number | null {
  const major = Number.parseFloat(typed.trim().replace(',', '.'));
  return Number.isFinite(major) ? Math.round(major * 100) : null;
}
