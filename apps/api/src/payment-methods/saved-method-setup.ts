import { schema } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { OrderSetup } from '../setups/order-setup';
import { keepSavedPayment } from './from-checkout';

const { orders } = schema;

/**
 * The method a checkout payment saved goes on the shopper's account, and the order names it, so
 * that the automatic and SMS top-ups the order sets up charge it (decision 0039).
 */
export const savedMethodSetup: OrderSetup = {
  name: 'saved method',
  isLeftBy: (_order, payment) => Boolean(payment?.savePaymentMethod),
  async keep(services, order, payment) {
    const saved = await keepSavedPayment(services, order, payment);
    if (!saved || order.paymentTokenId) return order;
    await services.db.update(orders).set({ paymentTokenId: saved.id }).where(eq(orders.id, order.id));
    return { ...order, paymentTokenId: saved.id };
  },
};
