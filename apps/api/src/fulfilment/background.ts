import { schema } from '@shop/db';
import type { TenantRegistry } from '@shop/tenants';
import { eq } from 'drizzle-orm';
import { commitOrder } from './commit';
import type { FulfilmentServices } from './context';

const { orders, payments } = schema;

/**
 * Commits the order of a payment that now holds or took the money, without waiting for it: the
 * shopper may never come back. Should the process die first, the reconciliation pass finds the order.
 */
export function fulfilInBackground(
  services: FulfilmentServices & { tenants: TenantRegistry },
  paymentId: string,
): void {
  const run = async () => {
    const [row] = await services.db
      .select({ order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, paymentId));
    const tenant = row && services.tenants.byId(row.order.tenantId);
    if (!row || !tenant) return;
    await commitOrder({ ...services, tenant }, row.order);
  };
  run().catch((err: unknown) =>
    services.log.warn({ err, paymentId }, 'background commit failed; reconciliation retries'),
  );
}
