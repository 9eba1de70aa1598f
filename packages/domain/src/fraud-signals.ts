/**
 * The fraud signals a checkout carries to the payment provider (decision 0049): the shopper's
 * device id, as the tenant's fraud-prevention script (or the mobile app) named it, and PayPal
 * FraudNet's session id of the checkout page.
 */

/**
 * A device id: 8 to 128 letters, digits, `.`, `_`, `:` or `-`. Vendors' ids (hex, base64url,
 * UUIDs, `dev_…`) fit; spaces, quotes and markup do not, so an id is safe in logs and headers.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
export const DEVICE_ID_RULE = "8 to 128 letters, digits, '.', '_', ':' or '-'";

/** PayPal FraudNet's session id: a random id per checkout, 32 hexadecimal digits. */
export const FRAUDNET_SESSION_ID_PATTERN = /^[0-9a-fA-F]{32}$/;
export const FRAUDNET_SESSION_ID_RULE = '32 hexadecimal digits';

/** The only method FraudNet's session id belongs to. */
export const FRAUDNET_METHOD = 'paypal';

export const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && DEVICE_ID_PATTERN.test(value);

/** A new FraudNet session id: 16 random bytes as 32 lower-case hex digits. */
export function newFraudnetSessionId(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes),
): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * How long an order keeps its fraud signals, counted from the order (decision 0065): card
 * chargebacks come up to 120 days after the payment and PayPal disputes up to 180 days, and no
 * claim after that can call for them.
 */
export const FRAUD_SIGNALS_KEPT_DAYS = 180;

/** Orders made before this moment have kept their fraud signals long enough. */
export const fraudSignalsKeptSince = (now: Date): Date =>
  new Date(now.getTime() - FRAUD_SIGNALS_KEPT_DAYS * 24 * 60 * 60 * 1000);
