import type { SmsTopup } from '@shop/db';
import { type Database, schema, type Transaction } from '@shop/db';
import { DomainError, isValidSmsPin, parseMsisdn, withLeadingPlus } from '@shop/domain';
import type { DeleteSmsTopupRequest, SmsTopupRow, UpdateSmsTopupRequest } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, asc, eq, ne } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords';
import { chargeableToken, releaseToken } from '../payment-methods/tokens';

const { autoTopups, paymentTokens, products, smsTopups } = schema;

/** One call of the signed-in shopper about their SMS top-ups. */
export interface SmsTopupContext {
  db: Database;
  tenant: TenantConfig;
  customerId: string;
  now: Date;
}

/** The consent PIN as it is kept: an argon2id hash, never the PIN. */
export const hashSmsPin = (pin: string): Promise<string> => hashPassword(pin);

/** Whether the number already has a live SMS top-up in this shop (anyone's): a number has at most one. */
export async function hasSmsTopup(tx: Database | Transaction, tenantId: string, msisdn: string) {
  const [row] = await tx
    .select({ id: smsTopups.id })
    .from(smsTopups)
    .where(
      and(eq(smsTopups.tenantId, tenantId), eq(smsTopups.msisdn, msisdn), ne(smsTopups.status, 'DELETED')),
    )
    .limit(1);
  return row !== undefined;
}

export const alreadyRegistered = (msisdn: string) =>
  new DomainError('ALREADY_REGISTERED_TOPUP_CONSENT_PHONE_NUMBER', `${msisdn} has SMS top-ups already`);

/** The tenant's SMS top-up product: the amounts an SMS may ask for. */
async function smsProductOf(db: Database | Transaction, tenant: TenantConfig) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenant.shopId), eq(products.kind, 'SMS'), eq(products.status, 'ACTIVE')))
    .orderBy(asc(products.productId))
    .limit(1);
  return product;
}

/** A registration as the calls answer it. */
async function rowsOf(db: Database | Transaction, tenant: TenantConfig, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ topup: smsTopups, tokenName: paymentTokens.name })
    .from(smsTopups)
    .innerJoin(paymentTokens, eq(paymentTokens.id, smsTopups.paymentTokenId))
    .where(and(eq(smsTopups.tenantId, tenant.shopId), ne(smsTopups.status, 'DELETED'), where))
    .orderBy(asc(smsTopups.index));
  return rows.map(
    ({ topup, tokenName }): SmsTopupRow => ({
      index: topup.index,
      msisdn: topup.msisdn,
      status: topup.status === 'LOCKED' ? 'LOCKED' : 'ACTIVE',
      channel: 'sms',
      shortNumber: tenant.smsShortNumber ?? '',
      paymentToken: topup.paymentTokenId,
      paymentTokenName: tokenName,
      brand: topup.brand,
      productId: topup.productId,
      currency: topup.currency,
      createdAt: topup.createdAt.toISOString(),
    }),
  );
}

/** GET /api/shop/rest/smstopup/query: the account's live SMS top-ups. */
export const listSmsTopups = (context: SmsTopupContext) =>
  rowsOf(context.db, context.tenant, eq(smsTopups.customerId, context.customerId));

/** The account's own live registration, locked for a change; NOT_FOUND for any other index. */
async function ownRegistration(tx: Transaction, context: SmsTopupContext, index: number): Promise<SmsTopup> {
  const [topup] = await tx
    .select()
    .from(smsTopups)
    .where(
      and(
        eq(smsTopups.index, index),
        eq(smsTopups.tenantId, context.tenant.shopId),
        eq(smsTopups.customerId, context.customerId),
        ne(smsTopups.status, 'DELETED'),
      ),
    )
    .for('update');
  if (!topup) throw new DomainError('NOT_FOUND', 'No SMS top-up of this account has this index');
  return topup;
}

/**
 * Whether this account has confirmed the number before: it holds (or held) an automatic or SMS
 * top-up for it, each set up with the number's one-time code.
 */
async function confirmedBefore(tx: Transaction, context: SmsTopupContext, msisdn: string) {
  const mine = (table: typeof smsTopups | typeof autoTopups) =>
    and(
      eq(table.tenantId, context.tenant.shopId),
      eq(table.customerId, context.customerId),
      eq(table.msisdn, msisdn),
    );
  const [sms] = await tx.select({ id: smsTopups.id }).from(smsTopups).where(mine(smsTopups)).limit(1);
  if (sms) return true;
  const [auto] = await tx.select({ id: autoTopups.id }).from(autoTopups).where(mine(autoTopups)).limit(1);
  return auto !== undefined;
}

/** A saved method of the account that can be charged, marked recurring from now on. */
async function payingMethod(tx: Transaction, context: SmsTopupContext, id: string) {
  const token = await chargeableToken(tx, context.customerId, id);
  await tx
    .update(paymentTokens)
    .set({ recurring: true, updatedAt: context.now })
    .where(eq(paymentTokens.id, token.id));
  return token;
}

/** A new registration through PUT, for a number the account confirmed before. */
async function registerConfirmedNumber(
  tx: Transaction,
  context: SmsTopupContext,
  input: UpdateSmsTopupRequest,
): Promise<number> {
  const { tenant } = context;
  // The method first: another account's (or shop's) is unknown here, whatever else is asked.
  const token = input.paymentTokenId ? await payingMethod(tx, context, input.paymentTokenId) : undefined;
  if (!input.phoneNumber || !token || !input.smsTopupConsent) {
    throw new DomainError(
      'VALIDATION_FAILED',
      'A new SMS top-up needs phoneNumber, paymentTokenId and smsTopupConsent (the PIN)',
    );
  }
  if (!tenant.topup.options.smsTopup || !tenant.smsShortNumber) {
    throw new DomainError('VALIDATION_FAILED', 'This shop offers no SMS top-ups');
  }
  const parsed = parseMsisdn(withLeadingPlus(input.phoneNumber), tenant.phoneCountryCodes);
  if (!parsed.ok) {
    throw new DomainError(
      parsed.reason === 'COUNTRY_NOT_ALLOWED' ? 'UNAVAILABLE_COUNTRY' : 'VALIDATION_FAILED',
      'phoneNumber is not a number this shop serves',
    );
  }
  const msisdn = parsed.msisdn;
  if (await hasSmsTopup(tx, tenant.shopId, msisdn)) throw alreadyRegistered(msisdn);
  if (!(await confirmedBefore(tx, context, msisdn))) {
    throw new DomainError(
      'VALIDATION_FAILED',
      'Set up SMS top-ups for a new number in the top-up form, which confirms the number by code',
    );
  }
  const product = await smsProductOf(tx, tenant);
  if (!product) throw new DomainError('VALIDATION_FAILED', 'This shop offers no SMS top-ups');
  const [inserted] = await tx
    .insert(smsTopups)
    .values({
      tenantId: tenant.shopId,
      customerId: context.customerId,
      paymentTokenId: token.id,
      msisdn,
      brand: product.brandId,
      productId: product.productId,
      currency: tenant.currency,
      pinHash: await hashSmsPin(input.smsTopupConsent),
      status: 'ACTIVE',
    })
    .onConflictDoNothing()
    .returning({ index: smsTopups.index });
  if (!inserted) throw alreadyRegistered(msisdn);
  return inserted.index;
}

/** Another method, a new PIN (which also unlocks), or an unlock, for a registration of the account. */
async function changeRegistration(
  tx: Transaction,
  context: SmsTopupContext,
  index: number,
  input: UpdateSmsTopupRequest,
): Promise<void> {
  const topup = await ownRegistration(tx, context, index);
  const changes: Partial<SmsTopup> = {};
  if (input.paymentTokenId !== undefined && input.paymentTokenId !== topup.paymentTokenId) {
    changes.paymentTokenId = (await payingMethod(tx, context, input.paymentTokenId)).id;
  }
  if (input.smsTopupConsent !== undefined) changes.pinHash = await hashSmsPin(input.smsTopupConsent);
  if (input.unlock === true || changes.pinHash) {
    changes.status = 'ACTIVE';
    changes.pinFailures = 0;
  }
  await tx
    .update(smsTopups)
    .set({ ...changes, updatedAt: context.now })
    .where(eq(smsTopups.id, topup.id));
  if (changes.paymentTokenId) await releaseToken(tx, topup.paymentTokenId, context.now);
}

/** PUT /api/shop/rest/smstopup: answers the registration as it is now. */
export async function updateSmsTopup(
  context: SmsTopupContext,
  input: UpdateSmsTopupRequest,
): Promise<SmsTopupRow> {
  if (input.smsTopupConsent !== undefined && !isValidSmsPin(input.smsTopupConsent)) {
    throw new DomainError('VALIDATION_FAILED', 'The PIN is 4 to 6 digits');
  }
  const index = await context.db.transaction(async (tx) => {
    if (input.index === undefined) return registerConfirmedNumber(tx, context, input);
    await changeRegistration(tx, context, input.index, input);
    return input.index;
  });
  const [row] = await rowsOf(context.db, context.tenant, eq(smsTopups.index, index));
  if (!row) throw new Error(`SMS top-up ${index} vanished`);
  return row;
}

/** DELETE /api/shop/rest/smstopup: one step; the method, when nothing else charges it, is no longer recurring. */
export async function deleteSmsTopup(context: SmsTopupContext, input: DeleteSmsTopupRequest): Promise<void> {
  await context.db.transaction(async (tx) => {
    const topup = await ownRegistration(tx, context, input.index);
    await tx
      .update(smsTopups)
      .set({ status: 'DELETED', updatedAt: context.now })
      .where(eq(smsTopups.id, topup.id));
    await releaseToken(tx, topup.paymentTokenId, context.now);
  });
}
