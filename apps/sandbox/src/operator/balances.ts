/**
 * Prepaid balances of the sandbox operator. Every number has one, in minor units: it starts at
 * {@link STARTING_BALANCE} in the number's currency (GBP for +44 numbers, EUR for all others),
 * rises with successful top-ups and redeemed cash codes, and is set by a low-balance event.
 * Kept in memory; a restart starts every number afresh.
 */

/** What a number's balance is before anything happened to it: 5.00 in its currency. */
export const STARTING_BALANCE = 500;

export interface Balance {
  msisdn: string;
  balance: number;
  currency: string;
}

/** The currency of a number's balance (E.164 with `+`): GBP for +44, EUR for every other. */
export function currencyOf(msisdn: string): string {
  return msisdn.startsWith('+44') ? 'GBP' : 'EUR';
}

export class Balances {
  readonly #amounts = new Map<string, number>();

  get(msisdn: string): Balance {
    return { msisdn, balance: this.#amounts.get(msisdn) ?? STARTING_BALANCE, currency: currencyOf(msisdn) };
  }

  /** Adds `amount` minor units (in the number's currency); answers the balance after. */
  credit(msisdn: string, amount: number): number {
    const after = this.get(msisdn).balance + amount;
    this.#amounts.set(msisdn, after);
    return after;
  }

  /** Sets the balance, as a low-balance event does. */
  set(msisdn: string, balance: number): Balance {
    this.#amounts.set(msisdn, balance);
    return this.get(msisdn);
  }
}
