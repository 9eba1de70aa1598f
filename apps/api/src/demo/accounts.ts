import { schema, type Transaction } from '@shop/db';
import type { StoredOutcome } from '@shop/domain';
import type { DetailedCartLine } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword, legacyHash } from '../accounts/passwords';
import { unitsOf } from '../fulfilment/units';
import { moveOrder } from '../orders/order-status';
import { insertOrder } from '../orders/orders';

const { customers, orderUnits, products } = schema;

export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const REHASH_DEMO = { userName: 'rehash@ladeplatz.example', password: 'Old-Passw0rd!' } as const;

/** demo-tenants.md: each demo account's number (a FunkFix or Blitz Mobil one on the multi-brand shops). */
export const DEMO_NUMBERS: Readonly<Record<string, string>> = {
  funkfix: '+4917012340101',
  blitzmobil: '+4915112340102',
  alpenfunk: '+436601230103',
  ladeplatz: '+4917012340105',
  kartenkiosk: '+4915112340106',
  weltaufladen: '+4917012340107',
  belwaarde: '+31612340108',
  rechargeplus: '+33612340109',
  topnet: '+447712340110',
};

export const demoUserName = (shopId: string) => `demo@${shopId}.example`;

/** The brand whose top-ups the demo number takes on a multi-brand shop (its operator by prefix). */
const brandOfNumber = (msisdn: string) => (msisdn.startsWith('+49151') ? 'blitzmobil' : 'funkfix');

/** How many days ago each past order of a demo account was placed, and its amount if the product lets us choose. */
const PAST_ORDERS = [
  { daysAgo: 9, amount: 1500 },
  { daysAgo: 23, amount: 2000 },
  { daysAgo: 47, amount: 1000 },
];

let demoHash: Promise<string> | undefined;

async function topUpProduct(tx: Transaction, tenant: TenantConfig, msisdn: string) {
  const rows = await tx
    .select()
    .from(products)
    .where(
      and(eq(products.tenantId, tenant.shopId), eq(products.kind, 'ONCE_OFF'), eq(products.status, 'ACTIVE')),
    )
    .orderBy(asc(products.sortOrder));
  return rows.find((row) => row.brandId === brandOfNumber(msisdn)) ?? rows[0];
}

type Product = typeof products.$inferSelect;

function amountOf(product: Product, wanted: number): number {
  if (product.amount !== null) return product.amount;
  const min = product.minAmount ?? wanted;
  const step = product.step ?? 1;
  const clamped = Math.min(Math.max(wanted, min), product.maxAmount ?? wanted);
  return min + Math.floor((clamped - min) / step) * step;
}

/** A top-up the demo account bought in the past: an order that went the whole way to committed. */
async function pastTopUp(
  tx: Transaction,
  tenant: TenantConfig,
  customerId: string,
  product: Product,
  msisdn: string,
  { daysAgo, amount: wanted }: (typeof PAST_ORDERS)[number],
) {
  const amount = amountOf(product, wanted);
  const line: DetailedCartLine = {
    itemKey: `demo-${daysAgo}`,
    productId: product.productId,
    product_id: product.productId,
    kind: product.kind,
    brand: { brandId: product.brandId, name: product.brandName },
    amount,
    serviceFee: 0,
    grossAmount: amount,
    quantity: 1,
    phoneNumber: msisdn,
    additionalData: {},
  };
  const order = await insertOrder(tx, tenant, {
    cartName: `demo-${tenant.shopId}-${daysAgo}`,
    cartVersion: 0,
    summary: {
      currency: product.currency,
      voucherDiscounts: [],
      itemServiceFee: 0,
      cartServiceFee: 0,
      totalServiceFee: 0,
      cartDiscountAmount: 0,
      netAmount: amount,
      grossAmount: amount,
      totalPrice: amount,
    },
    lines: [line],
    contact: { email: demoUserName(tenant.shopId), phoneNumber: msisdn },
    customerId,
    createdAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
  });
  await unitsOf(tx, order);
  await tx
    .update(orderUnits)
    .set({ state: 'SUCCEEDED', attempts: 1, result: { creditAdded: amount } })
    .where(eq(orderUnits.orderId, order.id));
  const outcome: StoredOutcome = {
    status: 'committed',
    settlement: { charge: amount, giveBack: 0 },
    settled: true,
  };
  await moveOrder(tx, order.id, 'committed', { outcome });
}

/**
 * demo-tenants.md: on every tenant that allows sign-in, `demo@{shopId}.example` (confirmed, with
 * its number and three past top-ups); on ladeplatz also an account whose password hash is of the
 * old scheme, to show the rehash flow.
 */
export async function loadDemoAccounts(tx: Transaction, tenant: TenantConfig): Promise<void> {
  if (tenant.flags.isAuthDisabled) return;
  const msisdn = DEMO_NUMBERS[tenant.shopId];
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const [customer] = await tx
    .insert(customers)
    .values({
      tenantId: tenant.shopId,
      userName: demoUserName(tenant.shopId),
      email: demoUserName(tenant.shopId),
      phoneNumber: msisdn ?? null,
      firstname: 'Demo',
      lastname: tenant.providerName,
      language: tenant.defaultLocale,
      passwordHash: await demoHash,
      confirmedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (customer && msisdn) {
    const product = await topUpProduct(tx, tenant, msisdn);
    if (product) {
      for (const past of PAST_ORDERS) await pastTopUp(tx, tenant, customer.id, product, msisdn, past);
    }
  }
  if (tenant.shopId === 'ladeplatz') {
    await tx
      .insert(customers)
      .values({
        tenantId: tenant.shopId,
        userName: REHASH_DEMO.userName,
        email: REHASH_DEMO.userName,
        firstname: 'Rehash',
        lastname: 'Demo',
        passwordHash: legacyHash(REHASH_DEMO.password),
        confirmedAt: new Date(),
      })
      .onConflictDoNothing();
  }
}
