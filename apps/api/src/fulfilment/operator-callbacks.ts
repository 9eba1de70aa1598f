import { type Database, schema } from '@shop/db';
import { DomainError, isUnitFinal } from '@shop/domain';
import type { TenantRegistry } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '../jobs/queue';
import { commitOrder } from './commit';
import type { FulfilmentServices } from './context';
import { reverseTopup } from './reversal';

const { orderUnits, orders } = schema;

/** Where DT One calls back when a tenant's top-up ends. */
export const dtoneCallbackUrl = (publicUrl: string, shopId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/webhooks/dtone/${shopId}`;

const callbackSchema = z.object({ external_id: z.string().min(1).max(200) });

/**
 * `POST /api/webhooks/dtone/{shopId}`: DT One says a transaction ended (decision 0070). DT One
 * signs nothing, so the callback is only a nudge: it names the top-up (`external_id`, our unit's
 * reference) and a job asks DT One itself, with the tenant's own credentials, how it stands. A
 * forged or repeated callback therefore changes nothing that DT One does not confirm. 200 once
 * the job is stored; 404 for a tenant not on DT One or a top-up it does not have; 400 for a body
 * that names no top-up.
 */
export const operatorCallbackRoutes: FastifyPluginAsync<{
  db: Database;
  tenants: TenantRegistry;
  jobs: Pick<JobQueue, 'send'>;
}> = async (app, { db, tenants, jobs }) => {
  app.post<{ Params: { shopId: string } }>(
    '/api/webhooks/dtone/:shopId',
    { schema: { hide: true } },
    async (request) => {
      const { shopId } = request.params;
      if (tenants.byId(shopId)?.operatorProvider.name !== 'dtone') {
        throw new DomainError('NOT_FOUND', 'No DT One account here');
      }
      const callback = callbackSchema.safeParse(request.body);
      if (!callback.success) throw new DomainError('VALIDATION_FAILED', 'external_id must name a top-up');
      const reference = callback.data.external_id;
      const [unit] = await db
        .select({ id: orderUnits.id })
        .from(orderUnits)
        .innerJoin(orders, eq(orders.id, orderUnits.orderId))
        .where(and(eq(orderUnits.reference, reference), eq(orders.tenantId, shopId)));
      if (!unit) throw new DomainError('NOT_FOUND', 'No top-up of this shop has that external_id');
      await jobs.send('operator-callback', { tenantId: shopId, reference });
      return { received: true };
    },
  );
};

/**
 * The `operator-callback` job: how the top-up stands, by the operator's own word. A top-up still
 * under way here that has ended there is recorded by committing its order again (the commit asks
 * the operator before anything else, and a top-up reversed before it was recorded fails, its
 * share given back as any failed one's); a delivered one the operator has taken back is reversed
 * and refunded. Anything else changes nothing.
 */
export async function followOperatorCallback(
  services: FulfilmentServices & { tenants: TenantRegistry },
  { tenantId, reference }: { tenantId: string; reference: string },
): Promise<'committed' | 'reversed' | 'unchanged'> {
  const tenant = services.tenants.byId(tenantId);
  if (!tenant) return 'unchanged';
  const [row] = await services.db
    .select({ unit: orderUnits, order: orders })
    .from(orderUnits)
    .innerJoin(orders, eq(orders.id, orderUnits.orderId))
    .where(and(eq(orderUnits.reference, reference), eq(orders.tenantId, tenantId)));
  if (!row) return 'unchanged';
  const outcome = await services.operators.of(tenantId).topupStatus(reference);
  if (!outcome || outcome.status === 'PENDING') return 'unchanged';
  if (isUnitFinal(row.unit.state)) {
    return outcome.status === 'REVERSED' ? reverseTopup(services, { tenantId, reference }) : 'unchanged';
  }
  await commitOrder({ ...services, tenant }, row.order);
  return 'committed';
}
