import { type AddressLookupQuery, addressLookupAnswerSchema } from '@shop/domain/contract';
import { callShopApi } from '../../lib/shop-api';

/**
 * The postcode look-up (spec §7 `GET /api/shop/rest/address/lookup?postcode&countryCode&
 * countryName`; spec §3 `addressByZip`). The address fields ask it as soon as a postcode of the
 * chosen country's form is typed, and fill in what it finds where the shopper has not typed
 * anything yet; the streets it knows are offered while the street is typed.
 */

/** What the form asks a look-up for. */
export interface PostcodeQuery {
  postcode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** The country's name in the shopper's language. */
  countryName: string;
}

/** What a look-up may fill in or offer. */
export interface AddressSuggestion {
  /** The postcode as its country writes it ("1012 AB"). */
  postcode?: string;
  city?: string;
  /** The street, when the postcode has only one. */
  street?: string;
  /** Every street of the postcode, to choose from. */
  streets: string[];
}

/** Answers undefined when it knows nothing of the postcode or cannot be reached. */
export type AddressLookup = (query: PostcodeQuery) => Promise<AddressSuggestion | undefined>;

/** The look-up of the shop's API. */
export const lookUpPostcode: AddressLookup = async ({ postcode, countryCode, countryName }) => {
  const query: AddressLookupQuery = { postcode, countryCode, countryName };
  const answer = await callShopApi(
    `/api/shop/rest/address/lookup?${new URLSearchParams(query as Record<string, string>)}`,
    addressLookupAnswerSchema,
  );
  if (!answer.ok || answer.data.addresses.length === 0) return undefined;
  const streets = [...new Set(answer.data.addresses.map((address) => address.street))];
  const cities = [...new Set(answer.data.addresses.map((address) => address.city))];
  return {
    postcode: answer.data.postcode,
    city: cities.length === 1 ? cities[0] : undefined,
    street: streets.length === 1 ? streets[0] : undefined,
    streets,
  };
};
