import * as z from 'zod';
import { COUNTRIES, normalisePostcode } from '../postcode';
import './jitless';

// ---------------------------------------------------------------------------------------------
// GET /api/shop/rest/address/lookup (spec §3 address lookup, §7)
// ---------------------------------------------------------------------------------------------

export const addressLookupQuerySchema = z
  .object({
    postcode: z.string().trim().min(1).max(16),
    countryCode: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(COUNTRIES))
      .meta({ description: `One of the shop’s countries (${COUNTRIES.join(', ')}), in either case` }),
    /** The country's name as the shop shows it; the look-up goes by countryCode. */
    countryName: z.string().trim().max(100).optional(),
  })
  .transform((query, context) => {
    const postcode = normalisePostcode(query.postcode, query.countryCode);
    if (postcode === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: `postcode is not a postcode of ${query.countryCode.toUpperCase()}`,
      });
      return z.NEVER;
    }
    return { ...query, postcode };
  });
export type AddressLookupQuery = z.input<typeof addressLookupQuerySchema>;
export type AddressLookupRequest = z.infer<typeof addressLookupQuerySchema>;

export const postalAddressSchema = z.object({
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  countryCode: z.string().meta({ description: 'Lower-case ISO country' }),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

export const addressLookupAnswerSchema = z
  .object({
    postcode: z.string().meta({ description: 'The postcode as its country writes it, e.g. "1012 AB"' }),
    countryCode: z.string(),
    addresses: z.array(postalAddressSchema).meta({ description: 'Empty for a postcode nobody knows' }),
  })
  .meta({ id: 'AddressLookup', description: 'The streets and city of a postcode' });
export type AddressLookupAnswer = z.infer<typeof addressLookupAnswerSchema>;
