import type { TenantRegistry } from '@shop/tenants';
import { deleteExpiredCarts } from '../cart/service';
import type { FulfilmentServices } from '../fulfilment/context';
import { reconcileOrders } from '../fulfilment/reconcile';
import { runCommitJob } from './commit-order';
import type { JobHandlers } from './queue';

/** What each job does, with the services of the commit. */
export function jobHandlers(services: FulfilmentServices & { tenants: TenantRegistry }): JobHandlers {
  const { db, log } = services;
  return {
    'commit-order': ({ paymentId }) => runCommitJob(services, paymentId),
    'reconcile-orders': async () => {
      const taken = await reconcileOrders(services);
      if (taken > 0) log.info({ taken }, 'orders reconciled');
    },
    'delete-expired-carts': async () => {
      const deleted = await deleteExpiredCarts(db);
      if (deleted > 0) log.info({ deleted }, 'expired carts deleted');
    },
  };
}
