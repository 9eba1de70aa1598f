import type { Order, Payment } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { defaultTokenName } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { PaymentProviders } from '../adapters/payment-providers';
import type { JobQueue } from '../jobs/queue';
import { forgetAtProvider, identityOf, type SavedMethod, sameMethodSaved } from './tokens';

const { paymentTokens } = schema;

/**
 * The method a checkout payment saved (the save box, or an automatic top-up paid now), kept on
 * the order's account: once, however often the commit runs. A card or PayPal account the account
 * holds already is not kept twice: the new token is forgotten at the provider and the one held
 * answers. Undefined for a guest's order or a payment that saved nothing.
 */
export async function keepSavedPayment(
  services: { db: Database; providers: PaymentProviders; jobs: Pick<JobQueue, 'send'> },
  order: Order,
  payment: Payment | undefined,
): Promise<SavedMethod | undefined> {
  if (!payment?.savePaymentMethod || !payment.token || !order.customerId) return undefined;
  const { token: providerTokenId, method } = payment;
  const customerId = order.customerId;
  const existing = await byProviderToken(services.db, providerTokenId);
  if (existing) return existing;
  const kept = { providerTokenId, tenantId: order.tenantId, provider: payment.provider };
  const remote = await services.providers.of(order.tenantId, payment.provider).token(providerTokenId);
  if (remote?.status !== 'ACTIVE') return undefined;
  return services.db.transaction(async (tx) => {
    const held = await sameMethodSaved(tx, customerId, method, remote);
    if (held) {
      await forgetAtProvider(tx, services.jobs, kept);
      return held;
    }
    const identity = identityOf(method, remote);
    const [inserted] = await tx
      .insert(paymentTokens)
      .values({
        tenantId: order.tenantId,
        customerId,
        provider: payment.provider,
        providerTokenId,
        method,
        name: defaultTokenName(method, { brand: identity.cardBrand, last4: identity.cardLast4 }),
        cardBrand: identity.cardBrand,
        cardLast4: identity.cardLast4,
        cardExpiry: identity.cardExpiry,
        payerEmail: identity.payerEmail,
        currency: order.currency,
        status: 'ACTIVE',
        orderNumber: order.orderNumber,
      })
      .onConflictDoNothing({ target: paymentTokens.providerTokenId })
      .returning();
    return inserted ?? (await byProviderToken(tx, providerTokenId));
  });
}

async function byProviderToken(db: Database | Transaction, providerTokenId: string) {
  const [row] = await db
    .select()
    .from(paymentTokens)
    .where(eq(paymentTokens.providerTokenId, providerTokenId));
  return row;
}
