import { isHttpUrl } from '../operator/options';
import { isRecord } from '../validation';
import { badRequest, mobileNumberInvalid } from './errors';

/**
 * The body of `POST /v1/async/transactions` (and `/v1/sync/…`) as DT One documents it, checked
 * for shape: `external_id`, `product_id`, `auto_confirm`, `credit_party_identifier.mobile_number`,
 * `callback_url`, and for a ranged product `calculation_mode` with the `destination` or `source`
 * amount it names. Whether the product and amount fit is `transaction-amount.ts`'s business.
 */

export type CalculationMode = 'DESTINATION_AMOUNT' | 'SOURCE_AMOUNT';

export interface RequestedAmount {
  unit: string;
  /** Major units, as sent. */
  amount: number;
}

export interface TransactionRequest {
  externalId: string;
  productId: number;
  autoConfirm: boolean;
  mobileNumber: string;
  callbackUrl?: string;
  calculationMode?: CalculationMode;
  source?: RequestedAmount;
  destination?: RequestedAmount;
}

/** DT One's pattern of a mobile number: E.164 with `+`. */
export const E164 = /^\+[1-9]\d{6,14}$/;

const EXTERNAL_ID_MAX_LENGTH = 40;

export function parseTransactionRequest(body: unknown): TransactionRequest {
  if (!isRecord(body)) throw badRequest('The body must be a JSON object');
  const externalId = body.external_id;
  if (
    typeof externalId !== 'string' ||
    !/\S/.test(externalId) ||
    externalId.length > EXTERNAL_ID_MAX_LENGTH
  ) {
    throw badRequest(`external_id must be a text of 1 to ${EXTERNAL_ID_MAX_LENGTH} characters, not blank`);
  }
  const productId = body.product_id;
  if (typeof productId !== 'number' || !Number.isSafeInteger(productId) || productId < 1) {
    throw badRequest('product_id must be a whole number above 0');
  }
  if (body.auto_confirm !== undefined && typeof body.auto_confirm !== 'boolean') {
    throw badRequest('auto_confirm must be true or false');
  }
  const request: TransactionRequest = {
    externalId,
    productId,
    autoConfirm: body.auto_confirm === true,
    mobileNumber: mobileNumberOf(body.credit_party_identifier),
  };
  if (body.callback_url !== undefined && body.callback_url !== null) {
    if (typeof body.callback_url !== 'string' || !isHttpUrl(body.callback_url)) {
      throw badRequest('callback_url must be an absolute http(s) URL');
    }
    request.callbackUrl = body.callback_url;
  }
  if (body.calculation_mode !== undefined && body.calculation_mode !== null) {
    if (body.calculation_mode !== 'DESTINATION_AMOUNT' && body.calculation_mode !== 'SOURCE_AMOUNT') {
      throw badRequest('calculation_mode must be DESTINATION_AMOUNT or SOURCE_AMOUNT');
    }
    request.calculationMode = body.calculation_mode;
  }
  const source = requestedAmountOf(body.source, 'source');
  if (source) request.source = source;
  const destination = requestedAmountOf(body.destination, 'destination');
  if (destination) request.destination = destination;
  return request;
}

function mobileNumberOf(party: unknown): string {
  const mobileNumber = isRecord(party) ? party.mobile_number : undefined;
  if (mobileNumber === undefined) {
    throw badRequest('credit_party_identifier.mobile_number is required by every product here');
  }
  if (typeof mobileNumber !== 'string' || !E164.test(mobileNumber)) {
    throw mobileNumberInvalid('credit_party_identifier.mobile_number must be E.164: +, then 7 to 15 digits');
  }
  return mobileNumber;
}

function requestedAmountOf(value: unknown, name: string): RequestedAmount | undefined {
  if (value === undefined || value === null) return undefined;
  if (
    !isRecord(value) ||
    value.unit_type !== 'CURRENCY' ||
    typeof value.unit !== 'string' ||
    typeof value.amount !== 'number' ||
    !Number.isFinite(value.amount)
  ) {
    throw badRequest(`${name} must be { "unit_type": "CURRENCY", "unit", "amount" }`);
  }
  return { unit: value.unit, amount: value.amount };
}
