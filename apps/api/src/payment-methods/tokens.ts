import { type Database, schema, type Transaction } from '@shop/db';
import {
  cardExpiryDate,
  DomainError,
  defaultTokenName,
  isSameSavedMethod,
  isSavableMethod,
  PAYMENT_TOKEN_LIMIT,
  type PaymentMethod,
  paymentMethodOffered,
  type SavablePaymentMethod,
  type TokenPurpose,
  tokenStatusOf,
} from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { ProviderToken } from '../adapters/payment-provider';
import type { JobQueue } from '../jobs/queue';
import type { PaymentMethodContext } from './context';

const { autoTopups, paymentTokens, smsTopups } = schema;
export type SavedMethod = typeof paymentTokens.$inferSelect;

/** What confirming a saved method leads to (decision 0039). */
export const purposeOf = (token: SavedMethod): TokenPurpose => token.context;

/** The ids among these tokens that a live automatic or SMS top-up charges. */
async function tokensInUse(db: Database | Transaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const automatic = await db
    .selectDistinct({ id: autoTopups.paymentTokenId })
    .from(autoTopups)
    .where(and(inArray(autoTopups.paymentTokenId, ids), ne(autoTopups.status, 'DELETED')));
  const sms = await db
    .selectDistinct({ id: smsTopups.paymentTokenId })
    .from(smsTopups)
    .where(and(inArray(smsTopups.paymentTokenId, ids), ne(smsTopups.status, 'DELETED')));
  return new Set([...automatic, ...sms].flatMap((row) => (row.id ? [row.id] : [])));
}

/** A method no live top-up charges any more is no longer recurring (spec §4). */
export async function releaseToken(tx: Transaction, tokenId: string | null, now: Date): Promise<void> {
  if (!tokenId || (await tokensInUse(tx, [tokenId])).has(tokenId)) return;
  await tx
    .update(paymentTokens)
    .set({ recurring: false, updatedAt: now })
    .where(eq(paymentTokens.id, tokenId));
}

/** A saved method as the calls answer it. */
export function tokenView(token: SavedMethod, inUse: boolean): PaymentToken {
  return {
    id: token.id,
    paymentTokenId: token.id,
    orderNumber: token.orderNumber,
    recurring: token.recurring,
    amount: token.amount,
    currency: token.currency,
    name: token.name,
    method: token.method,
    status: token.status === 'DELETED' || token.status === 'DUPLICATE' ? 'CANCELED' : token.status,
    cardBrand: token.cardBrand,
    cardLast4: token.cardLast4,
    cardExpiryDate: cardExpiryDate(token.cardExpiry) ?? null,
    inUse,
    createdAt: token.createdAt.toISOString(),
  };
}

export async function viewOf(db: Database | Transaction, token: SavedMethod): Promise<PaymentToken> {
  return tokenView(token, (await tokensInUse(db, [token.id])).has(token.id));
}

/** GET …/payment-tokens: the account's usable methods, oldest first. */
export async function listTokens(context: { db: Database; customerId: string }): Promise<PaymentToken[]> {
  const rows = await context.db
    .select()
    .from(paymentTokens)
    .where(and(eq(paymentTokens.customerId, context.customerId), eq(paymentTokens.status, 'ACTIVE')))
    .orderBy(asc(paymentTokens.createdAt));
  const inUse = await tokensInUse(
    context.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => tokenView(row, inUse.has(row.id)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's own method by id, locked for a change; UNKNOWN_PAYMENT_TOKEN_ID for any other. */
export async function ownToken(tx: Transaction, customerId: string, id: string): Promise<SavedMethod> {
  const [token] = !UUID.test(id)
    ? []
    : await tx
        .select()
        .from(paymentTokens)
        .where(and(eq(paymentTokens.id, id), eq(paymentTokens.customerId, customerId)))
        .for('update');
  if (!token || token.status === 'DELETED') {
    throw new DomainError('UNKNOWN_PAYMENT_TOKEN_ID', 'No saved payment method of this account has this id');
  }
  return token;
}

/** The account's method an automatic top-up or a checkout may charge: ACTIVE, else PAYMENT_TOKEN_STATUS_ERROR. */
export async function chargeableToken(
  tx: Transaction,
  customerId: string,
  id: string,
): Promise<SavedMethod & { providerTokenId: string }> {
  const token = await ownToken(tx, customerId, id);
  const { providerTokenId } = token;
  if (token.status !== 'ACTIVE' || !providerTokenId) {
    throw new DomainError('PAYMENT_TOKEN_STATUS_ERROR', 'This payment method is not ready to be charged');
  }
  return { ...token, providerTokenId };
}

/** What the shopper may still save: refused beyond {@link PAYMENT_TOKEN_LIMIT} usable methods. */
async function assertRoomForAnother(tx: Transaction, customerId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(paymentTokens)
    .where(and(eq(paymentTokens.customerId, customerId), eq(paymentTokens.status, 'ACTIVE')));
  if ((row?.n ?? 0) >= PAYMENT_TOKEN_LIMIT) {
    throw new DomainError(
      'PAYMENT_TOKEN_LIMIT_IS_REACHED',
      `An account keeps at most ${PAYMENT_TOKEN_LIMIT} payment methods; delete one first`,
    );
  }
}

export function assertSavable(
  context: Pick<PaymentMethodContext, 'tenant'>,
  method: string,
): asserts method is SavablePaymentMethod {
  const { tenant } = context;
  if (
    !isSavableMethod(method, tenant.paymentProvider.methods) ||
    !paymentMethodOffered(method, tenant.paymentMethods)
  ) {
    throw new DomainError('PAYMENT_METHOD_IS_NOT_AVAILABLE', `"${method}" cannot be saved in this shop`);
  }
}

/** Where the provider sends the shopper back after saving: the shop's confirm step. */
export function tokenReturnUrl(origin: string, id: string): string {
  const url = new URL('/account/settings/payment-methods/return', origin);
  url.searchParams.set('id', id);
  return url.toString();
}

/**
 * POST …/payment-tokens/create: records the method to save (PENDING) and asks the provider for
 * the page where the shopper confirms it. A retry of the provider call meets the same request.
 */
export async function createToken(
  context: PaymentMethodContext,
  input: { method: string; purpose: TokenPurpose; name?: string },
): Promise<{ id: string; payerUrl: string }> {
  const { method } = input;
  assertSavable(context, method);
  const { db, tenant, customer } = context;
  const { name: providerName, provider } = context.providers.forMethod(tenant, method);
  const token = await db.transaction(async (tx) => {
    await assertRoomForAnother(tx, customer.id);
    const [inserted] = await tx
      .insert(paymentTokens)
      .values({
        tenantId: tenant.shopId,
        customerId: customer.id,
        method,
        provider: providerName,
        name: input.name ?? defaultTokenName(method),
        currency: tenant.currency,
        status: 'PENDING',
        context: input.purpose,
      })
      .returning();
    if (!inserted) throw new Error('payment token insert returned nothing');
    return inserted;
  });
  const failed = () =>
    new DomainError('START_PAYMENT_ERROR', 'The payment method could not be saved now. Please try again.');
  let answer: Awaited<ReturnType<typeof provider.saveMethod>>;
  try {
    answer = await provider.saveMethod({
      idempotencyKey: `token-${token.id}`,
      merchantReference: `token-${token.id}`,
      method: input.method,
      returnUrl: tokenReturnUrl(context.shopOrigin, token.id),
      webhookUrl: context.webhookUrl,
      tenantName: tenant.providerName,
      customerReference: customer.id,
    });
  } catch (error) {
    context.log.warn({ err: error, tokenId: token.id }, 'saving a payment method failed');
    throw failed();
  }
  if (!answer.ok) {
    await db
      .update(paymentTokens)
      .set({ status: 'DECLINED', updatedAt: context.now })
      .where(eq(paymentTokens.id, token.id));
    throw failed();
  }
  await db
    .update(paymentTokens)
    .set({ providerTokenId: answer.tokenId, updatedAt: context.now })
    .where(eq(paymentTokens.id, token.id));
  return { id: token.id, payerUrl: answer.payerUrl };
}

/** The same card (brand, last digits, expiry) or PayPal account already saved and usable. */
/** The card or PayPal account the provider says a token holds, as a saved method keeps it. */
export const identityOf = (method: string, remote: ProviderToken) => ({
  method,
  cardBrand: remote.cardBrand ?? null,
  cardLast4: remote.cardLast4 ?? null,
  cardExpiry: remote.expiry ?? null,
  payerEmail: remote.payerEmail ?? null,
});

/** The account's active method that is the same card or PayPal account as `remote`, if any. */
export async function sameMethodSaved(
  tx: Transaction,
  customerId: string,
  method: PaymentMethod,
  remote: ProviderToken,
): Promise<SavedMethod | undefined> {
  const saved = await tx
    .select()
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.customerId, customerId),
        eq(paymentTokens.status, 'ACTIVE'),
        eq(paymentTokens.method, method),
        ne(paymentTokens.providerTokenId, remote.tokenId),
      ),
    );
  return saved.find((other) => isSameSavedMethod(other, identityOf(method, remote)));
}

/**
 * The provider's word on a method the shopper went to save, applied to ours: ACTIVE with its
 * card, or the refusal of spec §8 read by case (decision 0039).
 */
export async function settleToken(context: PaymentMethodContext, id: string): Promise<SavedMethod> {
  const { db } = context;
  const pending = await db.transaction((tx) => ownToken(tx, context.customer.id, id));
  if (pending.status === 'ACTIVE') return pending;
  if (pending.status === 'DUPLICATE') throw alreadySaved();
  if (!pending.providerTokenId) {
    throw new DomainError('PAYMENT_TOKEN_NOT_FOUND', 'The provider never received this payment method');
  }
  const remote = await context.providers
    .of(pending.tenantId, pending.provider)
    .token(pending.providerTokenId);
  if (!remote)
    throw new DomainError('PAYMENT_TOKEN_NOT_FOUND', 'The provider does not know this payment method');
  const status = tokenStatusOf(remote.status);
  const settled = await db.transaction(async (tx) => {
    const token = await ownToken(tx, context.customer.id, id);
    if (token.status === 'ACTIVE' || token.status === 'DUPLICATE') return token;
    const write = (changes: Partial<SavedMethod>) =>
      tx
        .update(paymentTokens)
        .set({ ...changes, updatedAt: context.now })
        .where(eq(paymentTokens.id, token.id))
        .returning();
    if (status === 'CANCELED') {
      await write({ status: 'CANCELED' });
      throw new DomainError('TOKEN_STATUS_CANCELED', 'Saving the payment method was cancelled');
    }
    if (status !== 'ACTIVE') {
      if (status === 'DECLINED') await write({ status: 'DECLINED' });
      throw new DomainError(
        'PAYMENT_TOKEN_STATUS_ERROR',
        `The payment method is ${remote.status.toLowerCase()}`,
      );
    }
    if (await sameMethodSaved(tx, token.customerId, token.method, remote)) {
      const [duplicate] = await write({ status: 'DUPLICATE' });
      await forgetAtProvider(tx, context.jobs, token);
      return duplicate ?? token;
    }
    const card = { brand: remote.cardBrand ?? null, last4: remote.cardLast4 ?? null };
    const [active] = await write({
      status: 'ACTIVE',
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpiry: remote.expiry ?? null,
      payerEmail: remote.payerEmail ?? null,
      name: token.name === defaultTokenName(token.method) ? defaultTokenName(token.method, card) : token.name,
    });
    if (!active) throw new Error(`payment token ${token.id} vanished`);
    return active;
  });
  if (settled.status !== 'DUPLICATE') return settled;
  throw alreadySaved();
}

const alreadySaved = () =>
  new DomainError('PAYMENT_TOKEN_ALREADY_EXISTS', 'This payment method is saved already');

/**
 * The provider forgets the token, so that it can never be charged again: by a job stored in `tx`
 * (decision 0064), which exists exactly when the change that forgets it here commits, and is tried
 * again while the provider cannot be reached.
 */
export async function forgetAtProvider(
  tx: Transaction,
  jobs: Pick<JobQueue, 'send'>,
  { providerTokenId, tenantId, provider }: Pick<SavedMethod, 'providerTokenId' | 'tenantId' | 'provider'>,
): Promise<void> {
  if (!providerTokenId) return;
  await jobs.send('delete-provider-token', { providerTokenId, tenantId, provider }, { within: tx });
}

/** PUT …/payment-tokens/update: the name, and whether (and up to what) automatic top-ups charge it. */
export async function updateToken(
  context: PaymentMethodContext,
  input: {
    paymentTokenId: string;
    recurring?: boolean;
    amount?: number | null;
    currency?: string;
    name?: string;
  },
): Promise<PaymentToken> {
  const { db, tenant } = context;
  return db.transaction(async (tx) => {
    const token = await ownToken(tx, context.customer.id, input.paymentTokenId);
    if (token.status !== 'ACTIVE') {
      throw new DomainError('PAYMENT_TOKEN_STATUS_ERROR', 'Only a saved, confirmed method can be changed');
    }
    if (input.currency !== undefined && input.currency !== tenant.currency) {
      throw new DomainError('VALIDATION_FAILED', `currency must be ${tenant.currency}`);
    }
    const inUse = (await tokensInUse(tx, [token.id])).has(token.id);
    if (input.recurring === false && inUse) {
      throw new DomainError(
        'DISALLOWED_PAYMENT_TOKEN_ID',
        'An automatic or SMS top-up charges this method; delete the top-up or give it another method first',
      );
    }
    const [updated] = await tx
      .update(paymentTokens)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.recurring !== undefined ? { recurring: input.recurring } : {}),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        updatedAt: context.now,
      })
      .where(eq(paymentTokens.id, token.id))
      .returning();
    if (!updated) throw new Error(`payment token ${token.id} vanished`);
    return tokenView(updated, inUse);
  });
}

/**
 * POST …/payment-tokens/delete: the method is forgotten here and at the provider;
 * DISALLOWED_PAYMENT_TOKEN_ID while a live automatic or SMS top-up charges it.
 */
export async function deleteToken(context: PaymentMethodContext, id: string): Promise<void> {
  const { db } = context;
  await db.transaction(async (tx) => {
    const owned = await ownToken(tx, context.customer.id, id);
    if ((await tokensInUse(tx, [owned.id])).has(owned.id)) {
      throw new DomainError(
        'DISALLOWED_PAYMENT_TOKEN_ID',
        'An automatic or SMS top-up charges this method; delete the top-up or give it another method first',
      );
    }
    await tx
      .update(paymentTokens)
      .set({ status: 'DELETED', recurring: false, updatedAt: context.now })
      .where(eq(paymentTokens.id, owned.id));
    await forgetAtProvider(tx, context.jobs, owned);
  });
}

/** The account is being deleted in `tx`: every token it ever held is forgotten at the provider. */
export async function forgetAccountTokens(
  tx: Transaction,
  jobs: Pick<JobQueue, 'send'>,
  customerId: string,
): Promise<number> {
  const held = await tx
    .select({
      providerTokenId: paymentTokens.providerTokenId,
      tenantId: paymentTokens.tenantId,
      provider: paymentTokens.provider,
    })
    .from(paymentTokens)
    .where(and(eq(paymentTokens.customerId, customerId), isNotNull(paymentTokens.providerTokenId)));
  for (const token of held) await forgetAtProvider(tx, jobs, token);
  return held.length;
}
