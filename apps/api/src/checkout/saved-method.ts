import { schema } from '@shop/db';
import { capturesAtCommit, type PaymentState } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import type { PaymentProvider } from '../adapters/payment-provider';
import type { Order, Payment } from '../orders/orders';
import { changePaymentState, lockPayment, refusedByProvider } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import type { CheckoutServices } from './context';

const { payments } = schema;

/** A payment method saved at the provider, as a charge needs it. */
export interface ChargeableMethod {
  providerTokenId: string;
  method: string;
}

const STATE_OF_CHARGE: Record<string, PaymentState> = {
  AUTHORIZED: 'AUTHORIZED',
  CAPTURED: 'CAPTURED',
  DECLINED: 'DECLINED',
};

/**
 * Charges an order's payment attempt on a saved method without the shopper (merchant-initiated).
 * The attempt's reference is the idempotency key, so a retry after a timeout or a crash meets
 * the same charge. Money the commit takes holds first, as at the hosted page. Answers the state
 * the attempt reached; a provider that cannot be reached leaves it INITIATED for a retry.
 */
export async function chargeSavedMethod(
  services: Pick<CheckoutServices, 'db' | 'webhookUrl'> & { provider: PaymentProvider },
  tenant: TenantConfig,
  order: Order,
  payment: Payment,
  method: ChargeableMethod,
  returnUrl: string,
): Promise<PaymentState> {
  const { db, provider } = services;
  const answer = await provider.charge({
    idempotencyKey: payment.reference,
    merchantReference: payment.reference,
    token: method.providerTokenId,
    amount: payment.amount,
    currency: payment.currency,
    method: method.method,
    returnUrl,
    webhookUrl: services.webhookUrl,
    tenantName: tenant.providerName,
    merchantAccount: tenant.paymentProvider.merchantAccount ?? tenant.shopId,
    captureMethod: capturesAtCommit(method.method) ? 'manual' : 'automatic',
  });
  return db.transaction(async (tx) => {
    const current = await lockPayment(tx, eq(payments.id, payment.id));
    if (!current) throw new Error(`payment ${payment.id} vanished`);
    if (!answer.ok) {
      await refusedByProvider(tx, current, 'provider.charge.refused', answer.code);
      return current.state === 'INITIATED' ? 'FAILED' : current.state;
    }
    await recordOrderEvent(tx, {
      orderId: order.id,
      paymentId: payment.id,
      type: 'provider.charged',
      detail: { providerPaymentId: answer.paymentId, status: answer.status },
    });
    const state = STATE_OF_CHARGE[answer.status] ?? 'PENDING';
    const identity = { providerPaymentId: answer.paymentId, token: method.providerTokenId };
    // A webhook may have moved it on already; the payment table refuses going back.
    const moved = await changePaymentState(tx, current, state, identity, { event: 'MERCHANT_INITIATED' });
    return moved ? state : current.state;
  });
}
