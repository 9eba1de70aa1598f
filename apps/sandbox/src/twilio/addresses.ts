/**
 * Addresses as Twilio writes them: a phone number in E.164 (`+4917012345678`), the same behind a
 * channel prefix (`whatsapp:+4917012345678`), a short code or an alphanumeric sender id (SMS
 * senders only).
 */

export type Channel = 'sms' | 'whatsapp';

export interface Address {
  channel: Channel;
  /** The address without its channel prefix: `+4917…`, a short code or a sender id. */
  value: string;
}

const WHATSAPP = 'whatsapp:';
const E164 = /^\+[1-9]\d{5,14}$/;
const SHORT_CODE = /^\d{3,8}$/;
/** Up to 11 letters, digits and spaces, at least one letter (Twilio's alphanumeric sender id). */
const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

function channelOf(address: string): Channel {
  return address.startsWith(WHATSAPP) ? 'whatsapp' : 'sms';
}

/** A recipient: a phone number in E.164, with or without `whatsapp:`; undefined when it is none. */
export function parseRecipient(address: string): Address | undefined {
  const channel = channelOf(address);
  const value = channel === 'whatsapp' ? address.slice(WHATSAPP.length) : address;
  return E164.test(value) ? { channel, value } : undefined;
}

/** A number of the account that takes messages: an E.164 number (with or without `whatsapp:`) or an SMS short code. */
export function parseAccountNumber(address: string): Address | undefined {
  return (
    parseRecipient(address) ?? (SHORT_CODE.test(address) ? { channel: 'sms', value: address } : undefined)
  );
}

/** A sender: a recipient's form, or on SMS a short code or an alphanumeric sender id. */
export function parseSender(address: string): Address | undefined {
  const recipient = parseRecipient(address);
  if (recipient || channelOf(address) === 'whatsapp') return recipient;
  return SHORT_CODE.test(address) || SENDER_ID.test(address) ? { channel: 'sms', value: address } : undefined;
}

/** The address on a channel: `whatsapp:+49…` or the bare value for SMS. */
export function onChannel(channel: Channel, value: string): string {
  return channel === 'whatsapp' ? `${WHATSAPP}${value}` : value;
}

/** A number's digits: `+4917…`, `4917…` and `whatsapp:+4917…` are the same number. */
export function digitsOf(address: string): string {
  return address.replace(/\D/g, '');
}

/** Country calling codes of the countries the shop sells in, and a few more, longest first. */
const COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['420', 'CZ'],
  ['352', 'LU'],
  ['351', 'PT'],
  ['49', 'DE'],
  ['48', 'PL'],
  ['45', 'DK'],
  ['44', 'GB'],
  ['43', 'AT'],
  ['41', 'CH'],
  ['40', 'RO'],
  ['39', 'IT'],
  ['34', 'ES'],
  ['33', 'FR'],
  ['32', 'BE'],
  ['31', 'NL'],
  ['90', 'TR'],
  ['1', 'US'],
];

/** The ISO country of a number by its calling code, as Twilio's `FromCountry`; empty when unknown. */
export function countryOf(number: string): string {
  const digits = digitsOf(number);
  return COUNTRIES.find(([code]) => digits.startsWith(code))?.[1] ?? '';
}
