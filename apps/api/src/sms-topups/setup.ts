import type { Order } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { invalidField, isValidSmsPin } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { recordOrderEvent } from '../orders/timeline';
import type { OrderSetup } from '../setups/order-setup';
import { alreadyRegistered, hashSmsPin, hasSmsTopup } from './registrations';

const { paymentTokens, smsTopups } = schema;

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
  const lines = order.lines.map((line, index) => ({ line, index }));
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

/**
 * An SMS top-up (decision 0041): asked for by an SMS line with the consent PIN (kept as its hash),
 * registered on the order's saved method once the order is delivered.
 */
export const smsTopupSetup: OrderSetup = {
  name: 'SMS top-up',
  lines: {
    isAskedFor: (options) => options.smsTopupConsent !== undefined,
    needsAccount: true,
    async check(tx, tenant, { phoneNumber }) {
      if (phoneNumber && (await hasSmsTopup(tx, tenant.shopId, phoneNumber)))
        throw alreadyRegistered(phoneNumber);
    },
    async seal(options, field) {
      const pin = options.smsTopupConsent;
      if (pin === undefined) return options;
      if (!isValidSmsPin(pin)) {
        throw invalidField(`${field}.smsTopupConsent`, 'the PIN is 4 to 6 digits', 'VALIDATION_FAILED');
      }
      return { ...options, smsTopupConsent: await hashSmsPin(pin) };
    },
    // The cart keeps the consent PIN's hash only (`seal`).
    snapshot: ({ smsTopupConsent }) => ({ setup: { pinHash: smsTopupConsent } }),
    chargesLater: (line) => line.kind === 'SMS',
  },
  isLeftBy: (order) => order.lines.some((line) => line.kind === 'SMS'),
  async keep(services, order) {
    await services.db.transaction((tx) => registerSmsSetups(tx, services.tenant, order));
    return order;
  },
};
