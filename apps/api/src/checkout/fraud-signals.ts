import type { Payment } from '@shop/db';
import { DomainError, FRAUDNET_METHOD, invalidField } from '@shop/domain';
import { RISK_DECLINED } from '../adapters/payment-provider';

/**
 * The fraud signals of a new payment attempt (decision 0049): the order's device id and, for a
 * PayPal payment only, FraudNet's session id of the checkout page (refused with another method).
 */
export function attemptSignals(
  method: string,
  deviceId: string | undefined,
  fraudnetSessionId: string | undefined,
): Pick<Payment, 'deviceId' | 'fraudnetSessionId'> {
  if (fraudnetSessionId !== undefined && method !== FRAUDNET_METHOD) {
    throw invalidField('fraudnetSessionId', `is PayPal FraudNet's and goes only with ${FRAUDNET_METHOD}`);
  }
  return { deviceId: deviceId ?? null, fraudnetSessionId: fraudnetSessionId ?? null };
}

/**
 * The answer to a payment the provider refused to start; nothing was charged either way. A
 * refusal by its fraud screening says only that the payment was refused, never why.
 */
export function refusedStart(code: string | undefined): DomainError {
  return code === RISK_DECLINED
    ? new DomainError('PAYMENT_REFUSED', 'The payment provider refused this payment; nothing was charged.')
    : new DomainError(
        'START_PAYMENT_ERROR',
        'The payment could not be started; nothing was charged. Please try again.',
      );
}
