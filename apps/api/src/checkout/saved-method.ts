import type { Order, Payment } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { capturesAtCommit, type PaymentState, priceAlone } from '@shop/domain';
import type { DetailedCartLine } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import { fraudSignalsOf } from '../orders/fraud-signals';
import { insertOrder } from '../orders/orders';
import { changePaymentState, lockPayment, refusedByProvider } from '../orders/payment-state';
import { recordOrderEvent } from '../orders/timeline';
import type { CheckoutServices } from './context';

const { orders, payments } = schema;

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

/** The state a charge left its attempt in, and the provider's code when it refused to charge. */
export interface ChargeOutcome {
  state: PaymentState;
  refusedWith?: string;
}

/**
 * Charges an order's payment attempt on a saved method without the shopper (merchant-initiated),
 * with the attempt's fraud signals. The attempt's reference is the idempotency key, so a retry
 * after a timeout or a crash meets the same charge. Money the commit takes holds first, as at the
 * hosted page. Answers the state the attempt reached; a provider that cannot be reached leaves it
 * INITIATED for a retry.
 */
export async function chargeSavedMethod(
  services: Pick<CheckoutServices, 'db' | 'webhookUrl' | 'providers'>,
  tenant: TenantConfig,
  order: Order,
  payment: Payment,
  method: ChargeableMethod,
  returnUrl: string,
): Promise<ChargeOutcome> {
  const { db } = services;
  const answer = await services.providers.of(tenant.shopId, payment.provider).charge({
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
    ...fraudSignalsOf(payment),
  });
  return db.transaction(async (tx): Promise<ChargeOutcome> => {
    const current = await lockPayment(tx, eq(payments.id, payment.id));
    if (!current) throw new Error(`payment ${payment.id} vanished`);
    if (!answer.ok) {
      await refusedByProvider(tx, current, 'provider.charge.refused', answer.code);
      return { state: current.state === 'INITIATED' ? 'FAILED' : current.state, refusedWith: answer.code };
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
    return { state: moved ? state : current.state };
  });
}

/** A top-up the shop makes on a saved method without the shopper: an automatic run or an SMS. */
export interface UnattendedTopup {
  /** Names the order's cart: `auto-{run}` or `sms-{request}`. */
  cartName: string;
  kind: 'AUTOMATIC' | 'SMS';
  productId: string;
  brandId: string;
  amount: number;
  currency: string;
  msisdn: string;
  customerId: string;
  paymentTokenId: string;
  shopper: { email: string | null; language: string | null };
  /** What the line carries besides (the automatic top-up it runs for). */
  extra?: Partial<DetailedCartLine> & Record<string, unknown>;
}

/**
 * The order of an unattended top-up: one line, the amount to the number, on the shopper's
 * account and saved method, with no service fee.
 */
export async function insertUnattendedOrder(
  tx: Transaction,
  tenant: TenantConfig,
  topup: UnattendedTopup,
): Promise<Order> {
  const order = await insertOrder(tx, tenant, {
    cartName: topup.cartName,
    cartVersion: 0,
    summary: priceAlone(topup.amount, { perItem: 0, perCart: 0 }, topup.currency),
    lines: [
      {
        itemKey: topup.kind === 'AUTOMATIC' ? 'auto-topup' : 'sms-topup',
        productId: topup.productId,
        product_id: topup.productId,
        kind: topup.kind,
        brand: { brandId: topup.brandId, name: tenant.providerName },
        amount: topup.amount,
        serviceFee: 0,
        grossAmount: topup.amount,
        quantity: 1,
        phoneNumber: topup.msisdn,
        additionalData: {},
        ...topup.extra,
      },
    ],
    contact: {
      phoneNumber: topup.msisdn,
      ...(topup.shopper.email ? { email: topup.shopper.email } : {}),
      ...(topup.shopper.language ? { language: topup.shopper.language } : {}),
    },
    customerId: topup.customerId,
  });
  const [withToken] = await tx
    .update(orders)
    .set({ paymentTokenId: topup.paymentTokenId })
    .where(eq(orders.id, order.id))
    .returning();
  return withToken ?? order;
}
