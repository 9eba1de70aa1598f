/**
 * The seam for the postcode look-up (spec §7 `GET /api/shop/rest/address/lookup?postcode&
 * countryCode&countryName`; spec §3 `addressByZip`). The address fields ask a look-up, when they
 * are given one, as soon as a postcode of the chosen country's form is typed, and fill in what it
 * finds where the shopper has not typed anything yet. Until the API offers the call, the profile
 * form passes none; its answer schema then goes into the contract (`contract/account.ts`) and a
 * look-up here calls it with `callShopApi` and maps the answer to an {@link AddressSuggestion}.
 */

/** What the form asks a look-up for. */
export interface PostcodeQuery {
  postcode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** The country's name in the shopper's language. */
  countryName: string;
}

/** What a look-up may fill in. */
export interface AddressSuggestion {
  city?: string;
  street?: string;
}

/** Answers undefined when it knows nothing of the postcode or cannot be reached. */
export type AddressLookup = (query: PostcodeQuery) => Promise<AddressSuggestion | undefined>;
