import { schema, type Transaction } from '@shop/db';
import type { DetailedCartLine } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import type { Order } from '../orders/orders';
import { recordOrderEvent } from '../orders/timeline';
import { hasSmsTopup } from './registrations';

const { paymentTokens, smsTopups } = schema;

/** An order line that registers a number for SMS top-ups, as the order keeps it. */
type SmsSetupLine = DetailedCartLine & { setup?: { pinHash?: string } };

/**
 * The SMS top-ups an order registers, ACTIVE on the saved method the order names (the one its
 * payment saved, or the one a free set-up chose), each with the PIN's hash the cart kept: once
 * per line, however often the commit runs. A number registered meanwhile keeps its registration.
 */
export async function registerSmsSetups(
  tx: Transaction,
  tenant: TenantConfig,
  order: Order,
): Promise<number> {
  const lines = (order.lines as unknown as SmsSetupLine[]).map((line, index) => ({ line, index }));
  const setups = lines.filter(({ line }) => line.kind === 'SMS' && line.phoneNumber && line.setup?.pinHash);
  if (setups.length === 0 || !order.customerId || !order.paymentTokenId) return 0;
  const [token] = await tx
    .select()
    .from(paymentTokens)
    .where(and(eq(paymentTokens.id, order.paymentTokenId), eq(paymentTokens.customerId, order.customerId)));
  if (token?.status !== 'ACTIVE') return 0;
  let registered = 0;
  for (const { line, index } of setups) {
    const msisdn = line.phoneNumber;
    const pinHash = line.setup?.pinHash;
    if (!msisdn || !pinHash) continue;
    if (await hasSmsTopup(tx, tenant.shopId, msisdn)) {
      await recordOrderEvent(tx, { orderId: order.id, type: 'sms-topup.exists', detail: { msisdn } });
      continue;
    }
    const [inserted] = await tx
      .insert(smsTopups)
      .values({
        tenantId: tenant.shopId,
        customerId: order.customerId,
        paymentTokenId: token.id,
        msisdn,
        brand: line.brand.brandId,
        productId: line.productId,
        currency: order.currency,
        pinHash,
        status: 'ACTIVE',
        setupOrderId: order.id,
        setupLine: index,
      })
      .onConflictDoNothing()
      .returning({ index: smsTopups.index });
    if (!inserted) continue;
    registered += 1;
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'sms-topup.registered',
      detail: { index: inserted.index, msisdn },
    });
  }
  if (registered > 0) {
    await tx.update(paymentTokens).set({ recurring: true }).where(eq(paymentTokens.id, token.id));
  }
  return registered;
}
