import type { OrderSetup } from '../setups/order-setup';
import { checkLightItem, useLightLinks } from './light-links';

/**
 * A top-up bought through a light top-up's link (decision 0042): the line names the link's code,
 * which must be live for the line's number, and the delivered order uses the link up.
 */
export const lightLinkSetup: OrderSetup = {
  name: 'light link',
  lines: {
    isAskedFor: (options) => options.autoTopupLightNotificationId !== undefined,
    needsAccount: false,
    async check(tx, tenant, { phoneNumber, options }, now) {
      const code = options.autoTopupLightNotificationId;
      if (code) await checkLightItem(tx, tenant, code, phoneNumber, now);
    },
    snapshot: ({ autoTopupLightNotificationId }) => ({ lightNotificationCode: autoTopupLightNotificationId }),
    chargesLater: () => false,
  },
  isLeftBy: (order) => order.lines.some((line) => line.lightNotificationCode !== undefined),
  async keep(services, order, _payment, now) {
    await services.db.transaction((tx) => useLightLinks(tx, services.tenant, order, now));
    return order;
  },
};
