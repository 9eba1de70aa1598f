import type { Order, Payment } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { defaultTokenName } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { PaymentProvider } from '../adapters/payment-provider';
import type { SavedMethod } from './tokens';

const { paymentTokens } = schema;

/**
 * The method a checkout payment saved (the save box, or an automatic top-up paid now), kept on
 * the order's account: once, however often the commit runs. Undefined for a guest's order or a
 * payment that saved nothing.
 */
export async function keepSavedPayment(
  services: { db: Database; provider: PaymentProvider },
  order: Order,
  payment: Payment | undefined,
): Promise<SavedMethod | undefined> {
  if (!payment?.savePaymentMethod || !payment.token || !order.customerId) return undefined;
  const existing = await byProviderToken(services.db, payment.token);
  if (existing) return existing;
  const remote = await services.provider.token(payment.token);
  if (remote?.status !== 'ACTIVE') return undefined;
  const card = { brand: remote.cardBrand ?? null, last4: remote.cardLast4 ?? null };
  const [inserted] = await services.db
    .insert(paymentTokens)
    .values({
      tenantId: order.tenantId,
      customerId: order.customerId,
      providerTokenId: payment.token,
      method: payment.method,
      name: defaultTokenName(payment.method, card),
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpiry: remote.expiry ?? null,
      currency: order.currency,
      status: 'ACTIVE',
      orderNumber: order.orderNumber,
    })
    .onConflictDoNothing({ target: paymentTokens.providerTokenId })
    .returning();
  return inserted ?? (await byProviderToken(services.db, payment.token));
}

async function byProviderToken(db: Database | Transaction, providerTokenId: string) {
  const [row] = await db
    .select()
    .from(paymentTokens)
    .where(eq(paymentTokens.providerTokenId, providerTokenId));
  return row;
}
