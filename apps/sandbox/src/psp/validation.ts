import { fail, isCurrencyCode, isMinorAmount, isRecord, isText, type Parsed } from '../validation';
import {
  CAPTURE_METHODS,
  type CaptureMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentRequest,
  TOKEN_METHODS,
  type TokenMethod,
  type TokenRequest,
} from './types';

/**
 * Checks of what merchants send to the sandbox payment provider. A failure names the field, so
 * the answer `400 { code: 'VALIDATION_FAILED', message }` tells the caller what to fix.
 * Unknown fields are ignored.
 */

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** 1 to `maxLength` visible ASCII characters (no spaces): keys, device ids, session ids. */
function isVisibleAscii(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && /^[\x21-\x7e]+$/.test(value);
}

/** The `Idempotency-Key` header: 1 to 255 visible ASCII characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): Parsed<string> {
  if (!isVisibleAscii(header, 255)) {
    return fail('The Idempotency-Key header is required: 1 to 255 visible ASCII characters');
  }
  return { ok: true, value: header };
}

/**
 * A payment to start: the shopper pays on the hosted page, or (with `token`) the merchant
 * charges a saved payment method. A charge may leave out `method`, `returnUrl` and `tenantName`;
 * the token's are taken then.
 */
export type PaymentStart =
  | { kind: 'shopper'; request: PaymentRequest }
  | {
      kind: 'saved-method';
      token: string;
      request: Omit<PaymentRequest, 'method' | 'returnUrl' | 'tenantName'> &
        Partial<Pick<PaymentRequest, 'method' | 'returnUrl' | 'tenantName'>>;
    };

/** The body of `POST /psp/payments`. */
export function parsePaymentRequest(body: unknown): Parsed<PaymentStart> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { merchantReference, amount, currency, method, returnUrl, webhookUrl, tenantName } = body;
  const { savePaymentMethod, captureMethod, additionalData, token, deviceId, fraudnetSessionId } = body;
  const charge = token !== undefined;
  if (!isText(merchantReference, 255)) return fail('merchantReference must be a text of 1 to 255 characters');
  if (!isMinorAmount(amount)) return fail('amount must be a whole number of minor units above 0');
  if (!isCurrencyCode(currency)) {
    return fail('currency must be an ISO 4217 code in upper case, e.g. EUR');
  }
  if (charge && !isText(token, 255)) return fail('token must be the id of a saved payment method when given');
  if (!(charge && method === undefined) && !PAYMENT_METHODS.includes(method as PaymentMethod)) {
    return fail(`method must be one of ${PAYMENT_METHODS.join(', ')}`);
  }
  if (!(charge && returnUrl === undefined) && !isHttpUrl(returnUrl)) {
    return fail('returnUrl must be an absolute http(s) URL');
  }
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl)) {
    return fail('webhookUrl must be an absolute http(s) URL when given');
  }
  if (!(charge && tenantName === undefined) && !isText(tenantName, 100)) {
    return fail('tenantName must be a text of 1 to 100 characters');
  }
  if (savePaymentMethod !== undefined && typeof savePaymentMethod !== 'boolean') {
    return fail('savePaymentMethod must be true or false when given');
  }
  if (captureMethod !== undefined && !CAPTURE_METHODS.includes(captureMethod as CaptureMethod)) {
    return fail(`captureMethod must be one of ${CAPTURE_METHODS.join(', ')} when given`);
  }
  if (additionalData !== undefined && !isRecord(additionalData)) {
    return fail('additionalData must be a JSON object when given');
  }
  if (deviceId !== undefined && deviceId !== null && !isVisibleAscii(deviceId, 255)) {
    return fail('deviceId must be 1 to 255 visible ASCII characters when given');
  }
  if (
    fraudnetSessionId !== undefined &&
    fraudnetSessionId !== null &&
    !isVisibleAscii(fraudnetSessionId, 64)
  ) {
    return fail('fraudnetSessionId must be 1 to 64 visible ASCII characters when given');
  }
  const request = {
    merchantReference,
    amount,
    currency,
    ...(method === undefined ? {} : { method: method as PaymentMethod }),
    ...(returnUrl === undefined ? {} : { returnUrl: returnUrl as string }),
    ...(webhookUrl === undefined ? {} : { webhookUrl }),
    ...(tenantName === undefined ? {} : { tenantName: tenantName as string }),
    savePaymentMethod: charge ? false : (savePaymentMethod ?? false),
    captureMethod: (captureMethod as CaptureMethod | undefined) ?? 'automatic',
    ...(additionalData === undefined ? {} : { additionalData }),
    ...(typeof deviceId === 'string' ? { deviceId } : {}),
    ...(typeof fraudnetSessionId === 'string' ? { fraudnetSessionId } : {}),
  };
  if (charge) return { ok: true, value: { kind: 'saved-method', token: token as string, request } };
  return { ok: true, value: { kind: 'shopper', request: request as PaymentRequest } };
}

/** The body of `POST /psp/fraud/declined-devices`: `{ deviceId }`. */
export function parseDeclinedDevice(body: unknown): Parsed<string> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  if (!isVisibleAscii(body.deviceId, 255)) return fail('deviceId must be 1 to 255 visible ASCII characters');
  return { ok: true, value: body.deviceId };
}

/** The body of `POST /psp/tokens`. */
export function parseTokenRequest(body: unknown): Parsed<TokenRequest> {
  if (!isRecord(body)) return fail('The body must be a JSON object');
  const { merchantReference, method, returnUrl, webhookUrl, tenantName, customerReference } = body;
  if (!isText(merchantReference, 255)) return fail('merchantReference must be a text of 1 to 255 characters');
  if (!TOKEN_METHODS.includes(method as TokenMethod)) {
    return fail(`method must be one of ${TOKEN_METHODS.join(', ')}`);
  }
  if (!isHttpUrl(returnUrl)) return fail('returnUrl must be an absolute http(s) URL');
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl)) {
    return fail('webhookUrl must be an absolute http(s) URL when given');
  }
  if (!isText(tenantName, 100)) return fail('tenantName must be a text of 1 to 100 characters');
  if (customerReference !== undefined && !isText(customerReference, 255)) {
    return fail('customerReference must be a text of 1 to 255 characters when given');
  }
  return {
    ok: true,
    value: {
      merchantReference,
      method: method as TokenMethod,
      returnUrl,
      ...(webhookUrl === undefined ? {} : { webhookUrl }),
      tenantName,
      ...(customerReference === undefined ? {} : { customerReference }),
    },
  };
}

/**
 * The body of a refund or capture: `{ amount? }`; no amount refunds what is left, or captures
 * all that was authorized.
 */
export function parseAmountRequest(body: unknown): Parsed<{ amount?: number }> {
  if (body === undefined) return { ok: true, value: {} };
  if (!isRecord(body)) return fail('The body must be a JSON object');
  if (body.amount === undefined) return { ok: true, value: {} };
  if (!isMinorAmount(body.amount)) return fail('amount must be a whole number of minor units above 0');
  return { ok: true, value: { amount: body.amount } };
}
