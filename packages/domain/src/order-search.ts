import { parseMsisdn } from './phone';

/** What a back-office search box's text can mean: an order number, an e-mail, a phone number. */
export interface OrderSearchTerms {
  /** Upper case, as order numbers are written (`FUN-7K3M9QX2`). */
  orderNumber?: string;
  /** Lower case. */
  email?: string;
  /** The E.164 numbers the text reads as in the countries of the tenants searched. */
  msisdns: string[];
}

const ORDER_NUMBER = /^[a-z]{1,3}-[0-9a-z]{8}$/i;

/**
 * Reads a search text as staff type it: an order number, an e-mail address, or a phone number
 * in any common format (`0170 1234567` in a German shop, `+49 170 …`, `0049…`), read in each of
 * the countries given (the tenants searched). Text that is none of them matches nothing.
 */
export function readOrderSearch(text: string, countries: readonly string[]): OrderSearchTerms {
  const q = text.trim();
  if (ORDER_NUMBER.test(q)) return { orderNumber: q.toUpperCase(), msisdns: [] };
  if (q.includes('@')) return { email: q.toLowerCase(), msisdns: [] };
  const msisdns = new Set<string>();
  for (const country of new Set(countries)) {
    const read = parseMsisdn(q, [country]);
    if (read.ok) msisdns.add(read.msisdn);
  }
  return { msisdns: [...msisdns] };
}
