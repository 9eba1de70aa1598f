import { type Database, schema, type Transaction } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { PinCipher } from './pin-crypto';
import type { PinRecord } from './pin-file';

const { products, voucherPins } = schema;

export type PinImportRefusal = 'UNKNOWN_PRODUCT' | 'NOT_A_VOUCHER' | 'NOT_SOLD_FROM_STOCK';

export type PinImportResult =
  | { ok: true; imported: number; skipped: number }
  | { ok: false; code: PinImportRefusal; message: string };

export interface PinImport {
  tenantId: string;
  productId: string;
  pins: readonly PinRecord[];
  cipher: PinCipher;
}

/** Rows per insert statement, well below PostgreSQL's limit of bound parameters. */
const BATCH = 1000;

async function checkProduct(
  db: Database | Transaction,
  tenantId: string,
  productId: string,
): Promise<{ code: PinImportRefusal; message: string } | undefined> {
  const [product] = await db
    .select({ kind: products.kind, pinSource: products.pinSource })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.productId, productId)));
  if (!product) {
    return { code: 'UNKNOWN_PRODUCT', message: `Tenant ${tenantId} has no product ${productId}` };
  }
  if (product.kind !== 'VOUCHER') {
    return {
      code: 'NOT_A_VOUCHER',
      message: `Product ${productId} is a ${product.kind} product, not a voucher`,
    };
  }
  if (product.pinSource !== 'STOCK') {
    return {
      code: 'NOT_SOLD_FROM_STOCK',
      message: `Product ${productId} takes its PINs from the operator (pin_source ${product.pinSource}), not from stock`,
    };
  }
  return undefined;
}

/**
 * Puts PINs into a product's stock, encrypted, each with its keyed hash. A PIN already in the
 * tenant's stock (or twice in the list) is skipped and counted. Run it in a transaction to take
 * a file whole or not at all.
 */
export async function importPins(
  db: Database | Transaction,
  { tenantId, productId, pins, cipher }: PinImport,
): Promise<PinImportResult> {
  const refusal = await checkProduct(db, tenantId, productId);
  if (refusal) return { ok: false, ...refusal };

  const rows = pins.map((record) => ({
    tenantId,
    productId,
    pinEncrypted: cipher.encrypt(record.pin),
    pinHash: cipher.hash(record.pin),
    serial: record.serial,
    validUntil: record.validUntil,
  }));
  let imported = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await db
      .insert(voucherPins)
      .values(rows.slice(start, start + BATCH))
      .onConflictDoNothing({ target: [voucherPins.tenantId, voucherPins.pinHash] })
      .returning({ id: voucherPins.id });
    imported += inserted.length;
  }
  return { ok: true, imported, skipped: rows.length - imported };
}
