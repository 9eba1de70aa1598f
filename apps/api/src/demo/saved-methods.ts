import { schema, type Transaction } from '@shop/db';
import { type PaymentProviderName, providerOfMethod } from '@shop/domain';
import type { TenantConfig } from '@shop/tenants';
import { and, eq } from 'drizzle-orm';
import { hashSmsPin } from '../sms-topups/registrations';
import { DEMO_NUMBERS, demoUserName } from './accounts';

const { autoTopups, customers, paymentTokens, products, smsTopups } = schema;

/** The demo accounts' low-balance top-ups (demo-tenants.md): 1500 when the balance falls under 500. */
export const DEMO_LOW_BALANCE_TOPUPS: Readonly<Record<string, { amount: number; limit: number }>> = {
  funkfix: { amount: 1500, limit: 500 },
  blitzmobil: { amount: 1500, limit: 500 },
};

/** The demo accounts with a light low-balance top-up of their number (decision 0042). */
export const DEMO_LIGHT_TOPUPS: readonly string[] = ['belwaarde'];

/** The demo accounts' SMS top-up registrations (demo-tenants.md), by consent PIN. */
export const DEMO_SMS_TOPUP_PINS: Readonly<Record<string, string>> = { belwaarde: '1234' };

/**
 * The sandbox knows every `tok_demo_…` (its provider) and `pm_demo_…` (its Stripe stand-in) as the
 * test card 4111 1111 1111 1111 saved for later charges (docs/sandbox.md).
 */
const demoProviderToken = (shopId: string, provider: PaymentProviderName) =>
  provider === 'stripe' ? `pm_demo_${shopId}` : `tok_demo_${shopId}`;

/**
 * Each demo account's saved card ("Demo card", the sandbox's 4111 1111 1111 1111) and, on
 * funkfix and blitzmobil, an ENABLED low-balance top-up of the demo number charged to it; on
 * belwaarde, the demo number registered for SMS top-ups with PIN 1234.
 */
export async function loadDemoSavedMethods(tx: Transaction, tenant: TenantConfig): Promise<void> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenant.shopId), eq(customers.userName, demoUserName(tenant.shopId))));
  if (!customer) return;
  const provider = providerOfMethod(tenant.paymentProvider.methods, 'creditcard');
  const [token] = await tx
    .insert(paymentTokens)
    .values({
      tenantId: tenant.shopId,
      customerId: customer.id,
      provider,
      providerTokenId: demoProviderToken(tenant.shopId, provider),
      method: 'creditcard',
      name: 'Demo card',
      cardBrand: 'visa',
      cardLast4: '1111',
      cardExpiry: '12/30',
      currency: tenant.currency,
      status: 'ACTIVE',
    })
    .onConflictDoNothing()
    .returning();
  const msisdn = DEMO_NUMBERS[tenant.shopId];
  if (!token || !msisdn) return;
  const topup = DEMO_LOW_BALANCE_TOPUPS[tenant.shopId];
  if (topup) await loadLowBalanceTopup(tx, tenant, customer.id, token.id, msisdn, topup);
  const pin = DEMO_SMS_TOPUP_PINS[tenant.shopId];
  if (pin) await loadSmsTopup(tx, tenant, customer.id, token.id, msisdn, pin);
  if (DEMO_LIGHT_TOPUPS.includes(tenant.shopId)) await loadLightTopup(tx, tenant, customer.id, msisdn);
}

/** A light low-balance top-up of the demo number: a link by SMS when the balance falls under 5 €. */
async function loadLightTopup(tx: Transaction, tenant: TenantConfig, customerId: string, msisdn: string) {
  const product = await productOf(tx, tenant, `${tenant.shopId}-automatic-light`);
  if (!product) return;
  await tx.insert(autoTopups).values({
    tenantId: tenant.shopId,
    customerId,
    paymentTokenId: null,
    msisdn,
    brand: product.brandId,
    productId: product.productId,
    amount: 1500,
    currency: tenant.currency,
    type: 'LOW_BALANCE',
    lowBalanceLimit: 500,
    light: true,
    status: 'ENABLED',
  });
}

async function productOf(tx: Transaction, tenant: TenantConfig, productId: string) {
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenant.shopId), eq(products.productId, productId)));
  return product;
}

async function loadLowBalanceTopup(
  tx: Transaction,
  tenant: TenantConfig,
  customerId: string,
  tokenId: string,
  msisdn: string,
  topup: { amount: number; limit: number },
) {
  const product = await productOf(tx, tenant, `${tenant.shopId}-automatic`);
  if (!product) return;
  await tx.insert(autoTopups).values({
    tenantId: tenant.shopId,
    customerId,
    paymentTokenId: tokenId,
    msisdn,
    brand: product.brandId,
    productId: product.productId,
    amount: topup.amount,
    currency: tenant.currency,
    type: 'LOW_BALANCE',
    lowBalanceLimit: topup.limit,
    status: 'ENABLED',
  });
  await tx.update(paymentTokens).set({ recurring: true }).where(eq(paymentTokens.id, tokenId));
}

async function loadSmsTopup(
  tx: Transaction,
  tenant: TenantConfig,
  customerId: string,
  tokenId: string,
  msisdn: string,
  pin: string,
) {
  const product = await productOf(tx, tenant, `${tenant.shopId}-sms`);
  if (!product) return;
  await tx.insert(smsTopups).values({
    tenantId: tenant.shopId,
    customerId,
    paymentTokenId: tokenId,
    msisdn,
    brand: product.brandId,
    productId: product.productId,
    currency: tenant.currency,
    pinHash: await hashSmsPin(pin),
    status: 'ACTIVE',
  });
  await tx.update(paymentTokens).set({ recurring: true }).where(eq(paymentTokens.id, tokenId));
}
