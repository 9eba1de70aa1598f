import type Stripe from 'stripe';

/** Stripe's error envelope and the errors the stand-in raises in it. */

type ErrorCode = NonNullable<Stripe.PaymentIntent.LastPaymentError['code']>;

/** The `error` member of Stripe's error answers. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: ErrorCode;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
  doc_url?: string;
}

/**
 * An error answer: HTTP status and Stripe's body. `remembered` is false for errors raised before
 * the endpoint runs (bad parameters, the testing switch): Stripe keeps no idempotent answer for those.
 */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly remembered = true,
  ) {
    super(body.message);
  }
}

export function docUrl(code: string): string {
  return `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: docUrl('resource_missing'),
  });
}

export function parameterMissing(param: string): StripeError {
  return new StripeError(
    400,
    {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
      doc_url: docUrl('parameter_missing'),
    },
    false,
  );
}

/** A parameter of the wrong kind: `code` says which (`parameter_invalid_integer`, …). */
export function parameterInvalid(param: string, message: string, code?: ErrorCode): StripeError {
  return new StripeError(
    400,
    {
      type: 'invalid_request_error',
      ...(code ? { code, doc_url: docUrl(code) } : {}),
      message,
      param,
    },
    false,
  );
}

/** A request that cannot be carried out in the object's present state. */
export function invalidRequest(code: ErrorCode, message: string, param?: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
    doc_url: docUrl(code),
  });
}
