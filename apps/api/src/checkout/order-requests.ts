import { DomainError, isFinalPaymentState } from '@shop/domain';
import type { CreatedOrderAnswer, OrderView } from '@shop/domain/contract';
import { cartForCheckout } from '../cart/service';
import { cartNeedsPayment, findOrder, orderForCart, paymentsOf } from '../orders/orders';
import { syncWaitingPayment } from '../orders/payment-state';
import { requireConfirmedNumber } from './address';
import type { CheckoutContext } from './context';

/**
 * Spec §7 orders: the order of a cart that needs no payment (free automatic or SMS set-ups,
 * cash codes). The same cart again answers the same order.
 */
export async function createOrder(context: CheckoutContext, cartName: string): Promise<CreatedOrderAnswer> {
  const { db, tenant, now } = context;
  return db.transaction(async (tx) => {
    const { cart, detail } = await cartForCheckout(tx, tenant, cartName, now);
    if (cartNeedsPayment(detail)) {
      throw new DomainError('PAYMENT_REQUIRED', 'This cart must be paid; start a payment instead');
    }
    await requireConfirmedNumber(tx, cart, detail, undefined, context.appSession?.msisdn);
    const order = await orderForCart(tx, tenant, cart, detail, context.customerId);
    return { orderNumber: order.orderNumber };
  });
}

/** The order as the result page shows it; an open payment is first checked with the provider. */
export async function orderStatus(
  context: CheckoutContext,
  orderNumber: string,
  cartName: string,
): Promise<OrderView> {
  const { db, tenant } = context;
  const read = () =>
    db.transaction(async (tx) => {
      const order = await findOrder(tx, tenant, orderNumber, cartName);
      const [payment] = await paymentsOf(tx, order);
      return { order, payment };
    });
  let { order, payment } = await read();
  if (payment && !isFinalPaymentState(payment.state)) {
    try {
      await syncWaitingPayment(context, payment.id);
      ({ order, payment } = await read());
    } catch (error) {
      context.log.warn({ err: error, orderNumber }, 'payment status look-up failed');
    }
  }
  return {
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    paymentStatus: payment?.state ?? null,
    paymentMethod: payment?.method ?? null,
    amount: order.totalPrice,
    currency: order.currency,
    payerUrl: payment && !isFinalPaymentState(payment.state) ? payment.payerUrl : null,
  };
}
