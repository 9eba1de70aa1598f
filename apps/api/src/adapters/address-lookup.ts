import { z } from 'zod';
import { createHttpClient, type HttpClientOptions, UpstreamUnavailableError } from './http';

/** One address of a postcode: a street (without house number) in a city. */
export interface PostcodeAddress {
  street: string;
  zip: string;
  city: string;
  /** Lower-case ISO country. */
  countryCode: string;
}

/** A postcode service: the streets and city of a postcode. Calls throw `AddressLookupUnavailableError`. */
export interface AddressLookup {
  /** The addresses of a postcode (as its country writes it); none for a postcode nobody knows. */
  lookup(query: { postcode: string; countryCode: string }): Promise<PostcodeAddress[]>;
}

/** The postcode service could not be reached or answered unusably, after every try. */
export class AddressLookupUnavailableError extends UpstreamUnavailableError {
  override readonly name = 'AddressLookupUnavailableError';
}

const answerSchema = z.object({
  addresses: z.array(
    z.object({ street: z.string(), postcode: z.string(), city: z.string(), countryCode: z.string() }),
  ),
});

/** The postcode service over HTTP (the sandbox's `/address` API). */
export function createHttpAddressLookup(options: HttpClientOptions): AddressLookup {
  const client = createHttpClient(
    options,
    (message, attempts, cause) =>
      new AddressLookupUnavailableError(`The address look-up failed: ${message}`, attempts, { cause }),
  );
  return {
    async lookup({ postcode, countryCode }) {
      const query = new URLSearchParams({ postcode, countryCode });
      const { status, body, attempts } = await client.send('GET', `/address/lookup?${query}`);
      const answer = status === 200 ? answerSchema.safeParse(body) : undefined;
      if (!answer?.success) {
        // We send only checked postcodes, so a refusal is as unusable as an outage.
        throw new AddressLookupUnavailableError(
          `The address look-up answered unexpectedly (${status})`,
          attempts,
        );
      }
      return answer.data.addresses.map((address) => ({
        street: address.street,
        zip: address.postcode,
        city: address.city,
        countryCode: address.countryCode.toLowerCase(),
      }));
    },
  };
}
