/** A status the API answers an error with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 502 | 503;

interface CatalogueEntry {
  /** The status the HTTP layer answers the code with. */
  status: ErrorStatus;
  /** The text the shop shows for the code (every language has it). */
  messageKey: string;
  /** A second status the code is answered with where a thrower names it (decision 0020). */
  otherStatus?: ErrorStatus;
}

export const GENERAL_ERROR_MESSAGE_KEY = 'generalErrorMessage';
const GENERAL = GENERAL_ERROR_MESSAGE_KEY;

/**
 * Every error code the API answers, with its status and the message key the shop shows
 * (docs/decisions/0020-one-error-catalogue.md). Message keys are those of spec §8; a code the
 * spec gives no key shows the general error, unless the shop has a text of its own for it.
 */
export const ERROR_CATALOGUE = {
  // Spec §8. The payment-token and auto-top-up codes belong to features the API does not offer
  // yet; their status is the one they will be answered with.
  DISALLOWED_PAYMENT_TOKEN_ID: { status: 409, messageKey: 'usedPaymentTokenError' },
  PAYMENT_TOKEN_ALREADY_EXISTS: { status: 409, messageKey: 'paymentTokenAlreadyExistsError' },
  PAYMENT_TOKEN_NOT_FOUND: { status: 404, messageKey: 'paymentTokenNotFoundError' },
  PAYMENT_TOKEN_STATUS_ERROR: { status: 409, messageKey: 'paymentTokenStatusError' },
  TOKEN_STATUS_CANCELED: { status: 409, messageKey: 'tokenStatusCanceledError' },
  UNKNOWN_PAYMENT_TOKEN_ID: { status: 404, messageKey: 'unknownPaymentTokenError' },
  AUTHORIZATION_REQUIRED: { status: 401, messageKey: 'authorizationRequired' },
  NotAuthorizedException: { status: 401, messageKey: 'incorrectUsernameOrPassword' },
  // An app entry link forged, expired, used before or for another shop (decision 0050).
  APP_ENTRY_LINK_INVALID: { status: 401, messageKey: 'appEntryLinkInvalid' },
  CUSTOMER_DUPLICATION_ERROR: { status: 409, messageKey: 'usernameExists' },
  AUTHENTICATION_FAILED: { status: 401, messageKey: 'incorrectCurrentPassword' },
  CUSTOMER_NOT_FOUND: { status: 404, messageKey: GENERAL },
  EXISTING_LOW_BALANCE_TOPUP: { status: 409, messageKey: 'existingLowBalanceTopup' },
  ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER: { status: 409, messageKey: 'smsTopupAlreadyExists' },
  CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED: { status: 400, messageKey: 'productAmountLimit' },
  CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED: { status: 400, messageKey: 'productQuantityLimit' },
  CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED: { status: 400, messageKey: 'cartAmountLimit' },
  CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED: { status: 400, messageKey: 'cartQuantityLimit' },
  UNAVAILABLE_COUNTRY: { status: 400, messageKey: 'unavailableCountry' },
  LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING: {
    status: 400,
    messageKey: 'lowBalanceAmountOrTariffEnabledMissing',
  },
  UNKNOWN_CART: { status: 404, messageKey: 'UNKNOWN_CART' },
  VOUCHER_TOKEN_INVALID: { status: 400, messageKey: 'invalidVoucherCode' },
  PAYMENT_METHOD_IS_NOT_AVAILABLE: { status: 400, messageKey: 'paymentMethodIsNotAvailable' },
  START_PAYMENT_ERROR: { status: 502, messageKey: 'startPaymentError' },
  PAYMENT_TOKEN_LIMIT_IS_REACHED: { status: 409, messageKey: 'paymentTokenLimitIsReached' },
  OTP_RESEND_TIME_LIMIT_RESTRICTION: { status: 429, messageKey: 'otpResendTimeLimit' },
  UNABLE_QUERY_AUTO_TOPUP_LIGHT: { status: 400, messageKey: 'unableQueryAutoTopupLight' },
  VALIDATION_FAILED: { status: 400, messageKey: GENERAL },

  // Added by the API (decisions 0006, 0012, 0015, 0027).
  UNKNOWN_TENANT: { status: 400, messageKey: GENERAL },
  UNKNOWN_LOCALE: { status: 404, messageKey: GENERAL },
  NOT_FOUND: { status: 404, messageKey: GENERAL },
  TOO_MANY_REQUESTS: { status: 429, messageKey: 'tooManyRequests' },
  INTERNAL_ERROR: { status: 500, messageKey: GENERAL },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: GENERAL },
  // 409 where start-payment finds the stock sold out since the product went into the cart.
  PRODUCT_NOT_AVAILABLE: { status: 400, messageKey: GENERAL, otherStatus: 409 },
  UNKNOWN_CART_ITEM: { status: 404, messageKey: GENERAL },
  OTP_REQUIRED: { status: 403, messageKey: GENERAL },
  INVALID_OTP: { status: 400, messageKey: 'otpInvalid' },
  OTP_EXPIRED: { status: 410, messageKey: 'otpExpired' },
  // No open code to check: the shopper is asked for a new one, as after an expired code.
  OTP_NOT_REQUESTED: { status: 409, messageKey: 'otpExpired' },
  PAYMENT_REQUIRED: { status: 409, messageKey: GENERAL },
  PAYMENT_NOT_REQUIRED: { status: 409, messageKey: GENERAL },
  ORDER_ALREADY_PAID: { status: 409, messageKey: GENERAL },
  UNKNOWN_ORDER: { status: 404, messageKey: 'orderUnknown' },
  INVALID_SIGNATURE: { status: 401, messageKey: GENERAL },
  // Accounts (decision 0034).
  PASSWORD_TOO_SHORT: { status: 400, messageKey: 'passwordTooShort' },
  PASSWORD_TOO_LONG: { status: 400, messageKey: 'passwordTooLong' },
  PASSWORD_TOO_COMMON: { status: 400, messageKey: 'passwordTooCommon' },
  PASSWORD_CONTAINS_USER_NAME: { status: 400, messageKey: 'passwordContainsUserName' },
  INVALID_USER_NAME: { status: 400, messageKey: 'invalidUserName' },
  // A wrong, used or expired confirmation, reset or sign-in code; the shopper asks for a new one.
  INVALID_VERIFICATION_CODE: { status: 400, messageKey: 'invalidVerificationCode' },
  // The password was right but the account's address is not confirmed yet.
  ACCOUNT_NOT_CONFIRMED: { status: 403, messageKey: 'accountNotConfirmed' },
  // A tenant with isAuthDisabled, or an SSO call on a tenant without single sign-on.
  SIGN_IN_NOT_OFFERED: { status: 403, messageKey: 'authorizationRequired' },
  // A top-up for a number that another operator brand owns (decision 0027).
  PHONE_NUMBER_OF_OTHER_OPERATOR: { status: 400, messageKey: 'phoneNumberOfOtherOperator' },
  // An order of the account is paid and not yet delivered; deleting waits for it (decision 0036).
  ACCOUNT_HAS_OPEN_ORDERS: { status: 409, messageKey: 'accountHasOpenOrders' },
  // A blog query nested or asking for more than the limits of decision 0045 allow.
  QUERY_TOO_COMPLEX: { status: 400, messageKey: GENERAL },
  // The provider's fraud screening refused to start the payment; nothing was charged. The
  // shopper's text does not say why (decision 0049).
  PAYMENT_REFUSED: { status: 402, messageKey: 'paymentRefused' },
  // "Send again" of an order whose PINs go by no SMS or WhatsApp, or that has none (decision 0048).
  VOUCHER_DELIVERY_UNAVAILABLE: { status: 409, messageKey: 'voucherDeliveryUnavailable' },
  // "Send again" of a light top-up's link when no live link is there to send (decision 0042).
  AUTO_TOPUP_LIGHT_LINK_UNAVAILABLE: { status: 409, messageKey: 'autoTopupLightLinkUnavailable' },
  // The back office (decision 0066): a staff call beyond the role or the tenants; a staff sign-in
  // whose password was right but carried no one-time code.
  FORBIDDEN: { status: 403, messageKey: GENERAL },
  TOTP_REQUIRED: { status: 401, messageKey: GENERAL },
  // A back-office look-up of an order that does not exist or that the staff member may not see.
  ORDER_NOT_FOUND: { status: 404, messageKey: GENERAL },
  // A receipt asked for again of an order that is not final or has no e-mail address.
  RECEIPT_UNAVAILABLE: { status: 409, messageKey: GENERAL },
  // A staff refund above what is left to refund of the order's payment; nothing was refunded.
  REFUND_AMOUNT_EXCEEDED: { status: 422, messageKey: GENERAL },
  // An Idempotency-Key sent again with another amount or reason than its first request.
  IDEMPOTENCY_KEY_REUSED: { status: 409, messageKey: GENERAL },
  // A delivery retried by staff of an order that is not between payment and outcome.
  DELIVERY_NOT_STUCK: { status: 409, messageKey: GENERAL },
  // PINs revealed or sent again by staff for an order that has none delivered.
  NO_VOUCHER_PINS: { status: 409, messageKey: GENERAL },
  // A staff member's e-mail address taken by another; an admin disabling their own account.
  STAFF_ALREADY_EXISTS: { status: 409, messageKey: GENERAL },
  STAFF_SELF_CHANGE: { status: 409, messageKey: GENERAL },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Every code by name, for code that spells one out (`ErrorCode.NOT_FOUND`). */
export const ErrorCode = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])),
) as { readonly [C in ErrorCode]: C };

export const isErrorCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && Object.hasOwn(ERROR_CATALOGUE, code);

type OtherStatus<C extends ErrorCode> = (typeof ERROR_CATALOGUE)[C] extends { otherStatus: infer S }
  ? S
  : never;

export interface DomainErrorOptions<C extends ErrorCode> {
  /** When the caller may try again, in seconds (the HTTP layer sends it as `Retry-After`). */
  retryAfterSeconds?: number;
  /** The code's second status of the catalogue, for the one refusal that is answered with it. */
  status?: OtherStatus<C>;
}

/**
 * An expected refusal, named by its code. Services throw it; only the HTTP layer turns the code
 * into a status, through the catalogue.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly options: DomainErrorOptions<C> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A request field refused: `field: message`, as VALIDATION_FAILED unless a code says more. */
export function invalidField(field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') {
  return new DomainError(code, `${field}: ${message}`);
}

/** The message key shown for an error's code; any code not in the catalogue shows the general error. */
export function messageKeyFor(code: string | undefined): string {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].messageKey : GENERAL_ERROR_MESSAGE_KEY;
}

/**
 * Spec §8's rule beside its table: a start-payment that fails at the provider shows the longer
 * startPaymentErrorMessage (which asks the shopper to try again or choose another method).
 */
export const START_PAYMENT_FAILED_MESSAGE_KEY = 'startPaymentErrorMessage';

/** The message key of a failed start-payment answer. */
export function startPaymentMessageKey(code: string | undefined): string {
  return code === 'START_PAYMENT_ERROR' ? START_PAYMENT_FAILED_MESSAGE_KEY : messageKeyFor(code);
}

/**
 * "Send again" of voucher PINs is limited per order (decision 0048): past the limit the shopper is
 * told to wait, in words about the PIN rather than the general "too many requests".
 */
export const VOUCHER_SEND_AGAIN_LIMIT_MESSAGE_KEY = 'voucherSendAgainTooOften';

/** The message key of a failed "send again" answer. */
export function voucherSendAgainMessageKey(code: string | undefined): string {
  return code === 'TOO_MANY_REQUESTS' ? VOUCHER_SEND_AGAIN_LIMIT_MESSAGE_KEY : messageKeyFor(code);
}

/** Every message key an error can map to (each must have a text in every language). */
export const ERROR_MESSAGE_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(ERROR_CATALOGUE).map((entry) => entry.messageKey),
    GENERAL_ERROR_MESSAGE_KEY,
    START_PAYMENT_FAILED_MESSAGE_KEY,
    VOUCHER_SEND_AGAIN_LIMIT_MESSAGE_KEY,
  ]),
];

/** Spec §8: the success messages. */
export const SUCCESS_MESSAGE_KEYS = [
  'successfulModification',
  'successfulDelete',
  'paymentMethodAdded',
  'successfulAuthentication',
  'successfulLogout',
  'registrationSent',
  'successfulRegistration',
  'passwordHasChanged',
] as const;
