import { type NumberLookup as NumberLookupAnswer, numberLookupSchema } from '@shop/domain/contract';
import { callShopApi } from '../../../lib/shop-api';

export type NumberLookup =
  | { kind: 'answered'; answer: NumberLookupAnswer }
  | { kind: 'refused'; code: string | undefined };

/**
 * Asks the API which network a number (E.164) is on. A refusal of the abuse limits comes back
 * with its code; throws when the API cannot answer.
 */
export async function lookUpNumber(msisdn: string): Promise<NumberLookup> {
  const lookedUp = await callShopApi(
    `/api/shop/rest/number-lookup?msisdn=${encodeURIComponent(msisdn)}`,
    numberLookupSchema,
  );
  // Refused, not unavailable: the shopper is asked to wait instead of warned about the number.
  if (!lookedUp.ok && lookedUp.status === 429) return { kind: 'refused', code: lookedUp.code };
  if (!lookedUp.ok) throw new Error(`number look-up answered ${lookedUp.status}`);
  return { kind: 'answered', answer: lookedUp.data };
}
