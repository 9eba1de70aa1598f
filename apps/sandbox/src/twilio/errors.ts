/**
 * Twilio's error envelope, `{ code, message, more_info, status }`, and the REST API errors the
 * stand-in raises (https://www.twilio.com/docs/api/errors). Messages follow Twilio's wording.
 */

export interface TwilioErrorBody {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  get body(): TwilioErrorBody {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

const refused = (code: number, message: string) => new TwilioError(400, code, message);

export const twilioErrors = {
  badRequest: (message: string) => refused(400, message),
  authenticate: () => new TwilioError(401, 20003, 'Authenticate'),
  notFound: (path: string) => new TwilioError(404, 20404, `The requested resource ${path} was not found`),
  tooManyRequests: () => new TwilioError(429, 20429, 'Too Many Requests'),
  internal: () => new TwilioError(500, 20500, 'Internal Server Error'),
  serviceUnavailable: () => new TwilioError(503, 20503, 'Service unavailable'),
  invalidTo: (to: string) => refused(21211, `The 'To' number ${to} is not a valid phone number.`),
  invalidFrom: (from: string) => refused(21212, `The 'From' number ${from} is not a valid phone number.`),
  regionNotEnabled: (to: string) =>
    refused(
      21408,
      `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
    ),
  bodyRequired: () => refused(21602, 'Message body is required.'),
  fromRequired: () =>
    refused(21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message."),
  toRequired: () => refused(21604, "A 'To' phone number is required."),
  fromNotOwned: (from: string) =>
    refused(
      21606,
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    ),
  invalidStatusCallback: () => refused(21609, "Invalid 'StatusCallback'."),
  unsubscribed: () => refused(21610, 'Attempt to send to unsubscribed recipient'),
  queueFull: () => refused(21611, "This 'From' number has exceeded the maximum number of queued messages"),
  unreachable: (to: string, from: string) =>
    refused(
      21612,
      `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number: ${from} via SMS.`,
    ),
  notMobile: () => refused(21614, "'To' number is not a valid mobile number"),
  bodyTooLong: () => refused(21617, 'The concatenated message body exceeds the 1600 character limit.'),
  messagingServiceBodyRequired: () => refused(21619, 'A Message Body, Media URL or Content SID is required'),
  invalidMessagingService: () => refused(21705, 'The Messaging Service is invalid.'),
  channelMismatch: () =>
    refused(21910, "Invalid 'From' and 'To' pair. 'From' and 'To' should be of the same channel."),
};
