import type { PaymentState } from '@shop/domain';
import { cartForCheckout } from '../cart/service';
import { ApiError } from '../http/errors';
import { isOtpSatisfied } from './address';
import type { CheckoutContext } from './context';
import { cartNeedsPayment, findOrder, orderForCart, paymentsOf } from './orders';
import { syncWaitingPayment } from './payment-state';

/** States in which the shopper may still be paying: worth asking the provider about. */
const OPEN: readonly PaymentState[] = ['INITIATED', 'PENDING', 'AUTHORIZED'];

/**
 * Spec §7 orders: the order of a cart that needs no payment (free automatic or SMS set-ups,
 * cash codes). The same cart again answers the same order.
 */
export async function createOrder(
  context: CheckoutContext,
  cartName: string,
): Promise<{ orderNumber: string }> {
  const { db, tenant, now } = context;
  return db.transaction(async (tx) => {
    const { cart, detail } = await cartForCheckout(tx, tenant, cartName, now);
    if (detail.items.length === 0) throw new ApiError(400, 'VALIDATION_FAILED', 'The cart is empty');
    if (cartNeedsPayment(detail)) {
      throw new ApiError(409, 'PAYMENT_REQUIRED', 'This cart must be paid; start a payment instead');
    }
    if (!(await isOtpSatisfied(tx, cart, detail))) {
      throw new ApiError(403, 'OTP_REQUIRED', 'Confirm the phone number with the code sent by SMS first');
    }
    const order = await orderForCart(tx, tenant, cart, detail, 'paymentInit');
    return { orderNumber: order.orderNumber };
  });
}

/** The order as the result page shows it; an open payment is first checked with the provider. */
export async function orderStatus(context: CheckoutContext, orderNumber: string, cartName: string) {
  const { db, tenant } = context;
  const read = () =>
    db.transaction(async (tx) => {
      const order = await findOrder(tx, tenant, orderNumber, cartName);
      const [payment] = await paymentsOf(tx, order);
      return { order, payment };
    });
  let { order, payment } = await read();
  if (payment && OPEN.includes(payment.state)) {
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
    payerUrl: payment && OPEN.includes(payment.state) ? payment.payerUrl : null,
  };
}
