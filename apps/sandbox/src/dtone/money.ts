/**
 * DT One speaks in major units (`15.5` EUR), the sandbox's balances in minor units (1550 cents).
 * Both currencies the stand-in sells, EUR and GBP, have two decimals.
 */

/** The minor units of an amount with at most two decimals; undefined for any other amount. */
export function minorUnitsOf(major: number): number | undefined {
  const minor = Math.round(major * 100);
  return Number.isSafeInteger(minor) && Math.abs(minor - major * 100) < 1e-6 ? minor : undefined;
}

export const majorUnitsOf = (minor: number): number => minor / 100;
