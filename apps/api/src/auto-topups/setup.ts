import { setupTypeOf } from '../cart/items';
import type { OrderSetup } from '../setups/order-setup';
import { isLightSetup, isLowBalanceTaken, lowBalanceTaken, registerSetups } from './register';

/**
 * An automatic top-up (decision 0040): asked for by an AUTOMATIC line, registered on the order's
 * saved method (a light one on none) once the order is delivered.
 */
export const automaticTopupSetup: OrderSetup = {
  name: 'automatic top-up',
  lines: {
    isAskedFor: (options) => setupTypeOf(options) !== undefined,
    needsAccount: true,
    async check(tx, tenant, { phoneNumber, options }) {
      const type = setupTypeOf(options);
      if (!type || !phoneNumber) return;
      if (await isLowBalanceTaken(tx, tenant.shopId, phoneNumber, type)) throw lowBalanceTaken(phoneNumber);
    },
    snapshot: ({ autoTopupOption, lowBalanceOption, recurringOption, autoTopupLight }) => ({
      setup: { autoTopupOption, lowBalanceOption, recurringOption, autoTopupLight },
    }),
    chargesLater: (line) => line.kind === 'AUTOMATIC' && !isLightSetup(line),
  },
  isLeftBy: (order) => order.lines.some((line) => line.kind === 'AUTOMATIC'),
  async keep(services, order, _payment, now) {
    await services.db.transaction((tx) => registerSetups(tx, services.tenant, order, now));
    return order;
  },
};
