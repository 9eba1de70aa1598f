/**
 * The sandbox address register: the streets of a few real postcodes of each country the shops
 * serve, as a postcode service (Loqate, postcode.nl, Royal Mail's PAF) answers them.
 */

export interface RegisteredAddress {
  street: string;
  postcode: string;
  city: string;
  /** Lower-case ISO 3166-1 country. */
  countryCode: string;
}

/** Country → postcode as the country writes it → city and streets. */
const REGISTER: Record<string, Record<string, { city: string; streets: string[] }>> = {
  de: {
    '10115': {
      city: 'Berlin',
      streets: ['Invalidenstraße', 'Chausseestraße', 'Torstraße', 'Borsigstraße', 'Novalisstraße'],
    },
    '80331': {
      city: 'München',
      streets: ['Marienplatz', 'Kaufingerstraße', 'Sendlinger Straße', 'Rosenstraße'],
    },
    '20095': { city: 'Hamburg', streets: ['Mönckebergstraße', 'Spitalerstraße', 'Rathausmarkt'] },
  },
  at: {
    '1010': {
      city: 'Wien',
      streets: ['Stephansplatz', 'Graben', 'Kärntner Straße', 'Rotenturmstraße', 'Herrengasse'],
    },
    '5020': { city: 'Salzburg', streets: ['Getreidegasse', 'Residenzplatz', 'Judengasse'] },
  },
  fr: {
    '75001': {
      city: 'Paris',
      streets: ['Rue de Rivoli', 'Rue Saint-Honoré', 'Place Vendôme', 'Rue du Louvre'],
    },
    '69001': { city: 'Lyon', streets: ['Rue de la République', 'Place des Terreaux', 'Rue Lanterne'] },
  },
  nl: {
    '1012 AB': { city: 'Amsterdam', streets: ['Damrak', 'Dam', 'Nieuwendijk', 'Warmoesstraat'] },
    '3011 AD': { city: 'Rotterdam', streets: ['Coolsingel', 'Hoogstraat', 'Binnenrotte'] },
  },
  be: {
    '1000': {
      city: 'Bruxelles',
      streets: ['Grand-Place', 'Rue Neuve', 'Boulevard Anspach', 'Rue du Marché aux Herbes'],
    },
    '2000': { city: 'Antwerpen', streets: ['Meir', 'Groenplaats', 'Grote Markt'] },
  },
  gb: {
    'SW1A 1AA': {
      city: 'London',
      streets: ['The Mall', 'Buckingham Palace Road', 'Constitution Hill', 'Birdcage Walk'],
    },
    'M1 1AE': { city: 'Manchester', streets: ['Piccadilly', 'Market Street', 'Oldham Street'] },
  },
};

const compact = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/** Every postcode the register knows, as `{ countryCode, postcode }`, for tests and the docs. */
export const KNOWN_POSTCODES = Object.entries(REGISTER).flatMap(([countryCode, postcodes]) =>
  Object.keys(postcodes).map((postcode) => ({ countryCode, postcode })),
);

/**
 * The addresses of a postcode, whatever its spacing and case ("1012ab" finds "1012 AB"); none for
 * a postcode or country the register does not know.
 */
export function addressesOf(postcode: string, countryCode: string): RegisteredAddress[] {
  const country = countryCode.toLowerCase();
  const postcodes = REGISTER[country] ?? {};
  const wanted = compact(postcode);
  const match = Object.entries(postcodes).find(([known]) => compact(known) === wanted);
  if (!match) return [];
  const [written, { city, streets }] = match;
  return streets.map((street) => ({ street, postcode: written, city, countryCode: country }));
}
