import { createHash } from 'node:crypto';
import { schema, type Transaction } from '@shop/db';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { importPins } from '../vouchers/import';
import type { PinCipher } from '../vouchers/pin-crypto';
import type { PinRecord } from '../vouchers/pin-file';

const { products } = schema;

/** Demo shops that sell their vouchers from their own PIN stock; the others' come from the operator. */
const STOCK_TENANTS = new Set(['ladeplatz']);

export const DEMO_PINS_PER_PRODUCT = 50;

const YEAR_MS = 365 * 24 * 60 * 60_000;

/** The same 16-digit PINs for a tenant's product on every machine, with serials and a year's validity. */
export function demoPins(tenantId: string, productId: string, now: Date): PinRecord[] {
  return Array.from({ length: DEMO_PINS_PER_PRODUCT }, (_, index) => {
    const digest = createHash('sha256')
      .update(`demo voucher pin ${tenantId} ${productId} ${index}`)
      .digest('hex');
    const pin = (BigInt(`0x${digest}`) % 10n ** 16n).toString().padStart(16, '0');
    const serial = `${productId.toUpperCase()}-${String(index + 1).padStart(4, '0')}`;
    return { pin, serial, validUntil: new Date(now.getTime() + YEAR_MS) };
  });
}

/** Switches the tenant's vouchers to own stock and fills each with demo PINs. */
export async function loadDemoVoucherStock(tx: Transaction, tenant: TenantConfig, cipher: PinCipher) {
  if (!STOCK_TENANTS.has(tenant.shopId)) return;
  const vouchers = await tx
    .update(products)
    .set({ pinSource: 'STOCK' })
    .where(and(eq(products.tenantId, tenant.shopId), eq(products.kind, 'VOUCHER')))
    .returning({ productId: products.productId });
  const now = new Date();
  for (const { productId } of vouchers) {
    const result = await importPins(tx, {
      tenantId: tenant.shopId,
      productId,
      pins: demoPins(tenant.shopId, productId, now),
      cipher,
    });
    if (!result.ok) throw new Error(`Demo PINs for ${productId} refused: ${result.message}`);
  }
}
