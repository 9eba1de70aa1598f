/** Source codes the API answers with, beyond those of spec §8 that map to a message. */
export const ErrorCode = {
  UNKNOWN_TENANT: 'UNKNOWN_TENANT',
  UNKNOWN_LOCALE: 'UNKNOWN_LOCALE',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  PRODUCT_NOT_AVAILABLE: 'PRODUCT_NOT_AVAILABLE',
  UNKNOWN_CART_ITEM: 'UNKNOWN_CART_ITEM',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
} as const;

/** The error body of every 4xx and 5xx answer. */
export interface ErrorEnvelope {
  code: string;
  message: string;
}

/** Spec §8: the message key the shop shows for a source code. */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  DISALLOWED_PAYMENT_TOKEN_ID: 'usedPaymentTokenError',
  PAYMENT_TOKEN_ALREADY_EXISTS: 'paymentTokenAlreadyExistsError',
  PAYMENT_TOKEN_NOT_FOUND: 'paymentTokenNotFoundError',
  PAYMENT_TOKEN_STATUS_ERROR: 'paymentTokenStatusError',
  TOKEN_STATUS_CANCELED: 'tokenStatusCanceledError',
  UNKNOWN_PAYMENT_TOKEN_ID: 'unknownPaymentTokenError',
  AUTHORIZATION_REQUIRED: 'authorizationRequired',
  NotAuthorizedException: 'incorrectUsernameOrPassword',
  CUSTOMER_DUPLICATION_ERROR: 'usernameExists',
  AUTHENTICATION_FAILED: 'incorrectCurrentPassword',
  EXISTING_LOW_BALANCE_TOPUP: 'existingLowBalanceTopup',
  ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER: 'smsTopupAlreadyExists',
  CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED: 'productAmountLimit',
  CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED: 'productQuantityLimit',
  CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED: 'cartAmountLimit',
  CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED: 'cartQuantityLimit',
  UNAVAILABLE_COUNTRY: 'unavailableCountry',
  LOW_BALANCE_AMOUNT_OR_TARIFF_ENABLED_MISSING: 'lowBalanceAmountOrTariffEnabledMissing',
  UNKNOWN_CART: 'UNKNOWN_CART',
  VOUCHER_TOKEN_INVALID: 'invalidVoucherCode',
  PAYMENT_METHOD_IS_NOT_AVAILABLE: 'paymentMethodIsNotAvailable',
  START_PAYMENT_ERROR: 'startPaymentError',
  PAYMENT_TOKEN_LIMIT_IS_REACHED: 'paymentTokenLimitIsReached',
  OTP_RESEND_TIME_LIMIT_RESTRICTION: 'otpResendTimeLimit',
  UNABLE_QUERY_AUTO_TOPUP_LIGHT: 'unableQueryAutoTopupLight',
  // Added beside spec §8 (decision 0015): an abuse limit of the API refused the call.
  TOO_MANY_REQUESTS: 'tooManyRequests',
};

export const GENERAL_ERROR_MESSAGE_KEY = 'generalErrorMessage';

/** The message key shown for an error's source code; any unmapped code shows the general error. */
export function messageKeyFor(code: string | undefined): string {
  return (
    (code !== undefined && Object.hasOwn(MESSAGE_KEYS, code) && MESSAGE_KEYS[code]) ||
    GENERAL_ERROR_MESSAGE_KEY
  );
}

/** Every message key an error can map to (each must have a text in every language). */
export const ERROR_MESSAGE_KEYS: readonly string[] = [
  ...new Set([...Object.values(MESSAGE_KEYS), GENERAL_ERROR_MESSAGE_KEY]),
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
