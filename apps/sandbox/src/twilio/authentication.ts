import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TwilioContext } from './context';
import { twilioErrors } from './errors';
import { TWILIO_API_KEY_SECRET, TWILIO_API_KEY_SID } from './options';

/**
 * Twilio's REST API authentication (https://www.twilio.com/docs/usage/requests-to-twilio): HTTP
 * Basic with the Account SID and Auth Token, or with an API Key's SID and secret; the account in
 * the path must be the authenticated one. Anything else is 401 with code 20003.
 */
export function authenticate(request: FastifyRequest, context: TwilioContext, accountSid: string): void {
  const [scheme = '', encoded = ''] = (request.headers.authorization ?? '').split(' ');
  const credentials = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = credentials.indexOf(':');
  const user = credentials.slice(0, separator);
  const password = credentials.slice(separator + 1);
  const valid =
    scheme.toLowerCase() === 'basic' &&
    separator > 0 &&
    accountSid === context.accountSid &&
    ((user === context.accountSid && same(password, context.authToken)) ||
      (user === TWILIO_API_KEY_SID && same(password, TWILIO_API_KEY_SECRET)));
  if (!valid) throw twilioErrors.authenticate();
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
