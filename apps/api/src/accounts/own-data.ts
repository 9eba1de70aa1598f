import type { Order } from '@shop/db';
import { schema, type Transaction } from '@shop/db';
import { DomainError, type OrderLineRecord } from '@shop/domain';
import type {
  AccountDeleted,
  DeleteAccountRequest,
  DeletionCodeSent,
  OwnDataExport,
} from '@shop/domain/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { timeZoneOf } from '../auto-topups/register';
import { queryAutoTopups } from '../auto-topups/rows';
import { AWAITING_COMMIT } from '../fulfilment/reconcile';
import type { JobQueue } from '../jobs/queue';
import { forgetFraudSignals } from '../orders/fraud-signals';
import { forgetAccountTokens, listTokens } from '../payment-methods/tokens';
import { listSmsTopups } from '../sms-topups/registrations';
import { deliveryTargetOf } from '../voucher-delivery/deliveries';
import { issueCode, useCode } from './codes';
import type { AccountContext } from './context';
import { sendCode } from './delivery';
import { withPurchase } from './history';
import { checkPassword } from './passwords';
import { profileOf } from './profile';
import type { Customer } from './sessions';

/**
 * The shopper's own data (docs/decisions/0036): a copy of everything the shop holds about the
 * account (GDPR art. 15 and 20), and deleting the account (art. 17) with its orders anonymised.
 */

const { accountCodes, carts, customerSessions, customers, orders, orderUnits, voucherDeliveries } = schema;

type OrderContact = OwnDataExport['orders'][number]['contact'];

const contactOf = (order: Order): OrderContact => {
  const voucherDelivery = deliveryTargetOf(order);
  return {
    ...Object.fromEntries(Object.entries(order.contact).filter(([, value]) => typeof value === 'string')),
    ...(voucherDelivery ? { voucherDelivery } : {}),
  };
};

/** Everything the shop holds about the account, as one document; never a token, hash or code. */
export async function exportOwnData(
  context: AccountContext,
  customer: Customer,
  sessionHash: string,
): Promise<OwnDataExport> {
  const { db, tenant } = context;
  const [orderRows, sessionRows, codeRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.tenantId, tenant.shopId)))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber)),
    db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer.id))
      .orderBy(desc(customerSessions.createdAt)),
    db
      .select({
        purpose: accountCodes.purpose,
        createdAt: accountCodes.createdAt,
        expiresAt: accountCodes.expiresAt,
      })
      .from(accountCodes)
      .where(eq(accountCodes.customerId, customer.id)),
  ]);
  const exported: OwnDataExport['orders'] = [];
  // One order after the other: an account with many orders must not take every connection.
  for (const order of orderRows) {
    exported.push({ ...(await withPurchase(context, order)), contact: contactOf(order) });
  }
  return {
    exportedAt: context.now.toISOString(),
    shop: { shopId: tenant.shopId, providerName: tenant.providerName },
    profile: {
      ...profileOf(customer),
      confirmedAt: customer.confirmedAt?.toISOString() ?? null,
      updatedAt: customer.updatedAt.toISOString(),
    },
    orders: exported,
    paymentTokens: await listTokens({ db, customerId: customer.id }),
    autoTopups: await queryAutoTopups(
      db,
      { tenantId: tenant.shopId, customerId: customer.id, timeZone: timeZoneOf(tenant) },
      {},
      context.now,
    ),
    smsTopups: await listSmsTopups({ db, tenant, customerId: customer.id, now: context.now }),
    sessions: sessionRows.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      method: session.method,
      expiresAt: session.expiresAt.toISOString(),
      endedAt: session.endedAt?.toISOString() ?? null,
      current: session.tokenHash === sessionHash,
    })),
    unusedCodes: codeRows.map((code) => ({
      purpose: code.purpose,
      createdAt: code.createdAt.toISOString(),
      expiresAt: code.expiresAt.toISOString(),
    })),
  };
}

/** The name a browser saves the export under: shop, account and day, no personal data. */
export const exportFileName = (context: Pick<AccountContext, 'tenant' | 'now'>): string =>
  `${context.tenant.shopId}-account-${context.now.toISOString().slice(0, 10)}.json`;

/** Sends the code that confirms a deletion, for accounts that sign in without a password. */
export async function sendDeletionCode(
  context: AccountContext,
  customer: Customer,
): Promise<DeletionCodeSent> {
  const code = await issueCode(context.db, customer.id, 'DELETE', context.now);
  return { status: 'sent', ...(await sendCode(context, customer, 'DELETE', code)) };
}

/**
 * An order line as the books keep it: product, kind, brand, amounts and quantity; the number and
 * what the line set up go. Named fields are kept, so a field added to lines later is dropped
 * unless it is added here.
 */
export function anonymisedLine(line: OrderLineRecord): OrderLineRecord {
  const { lowBalanceLimit, recurrenceType, topupConsentType } = line.additionalData;
  return {
    itemKey: line.itemKey,
    productId: line.productId,
    product_id: line.product_id,
    kind: line.kind,
    brand: line.brand,
    amount: line.amount,
    serviceFee: line.serviceFee,
    grossAmount: line.grossAmount,
    quantity: line.quantity,
    phoneNumber: null,
    additionalData: { lowBalanceLimit, recurrenceType, topupConsentType },
  };
}

/** An order whose money is held or taken and whose delivery is not settled yet. */
const isOpen = (order: Order) =>
  AWAITING_COMMIT.includes(order.status) || (order.outcome !== null && !order.outcome.settled);

/** Anonymises the account's orders and removes the carts that hold its contact. */
async function anonymiseOrders(tx: Transaction, context: AccountContext, customer: Customer, own: Order[]) {
  for (const order of own) {
    await tx
      .update(orders)
      .set({
        contact: {},
        lines: order.lines.map(anonymisedLine),
        customerId: null,
      })
      .where(eq(orders.id, order.id));
  }
  const orderIds = own.map((order) => order.id);
  if (orderIds.length > 0) {
    await tx.update(orderUnits).set({ phoneNumber: null }).where(inArray(orderUnits.orderId, orderIds));
    // The numbers voucher PINs went to go too; a sending still waiting then finds nothing to send.
    await tx.delete(voucherDeliveries).where(inArray(voucherDeliveries.orderId, orderIds));
  }
  await forgetFraudSignals(tx, orderIds);
  const cartNames = own.map((order) => order.cartName);
  await tx
    .delete(carts)
    .where(
      and(
        eq(carts.tenantId, context.tenant.shopId),
        or(
          cartNames.length > 0 ? inArray(carts.cartName, cartNames) : undefined,
          sql`${carts.deliveryAddress}->>'customerId' = ${customer.id}`,
        ),
      ),
    );
}

/**
 * Deletes the account, confirmed by its password or by the code sent for it, in one
 * transaction: its orders are anonymised (they stay in the books, detached), the carts that hold
 * its contact go, and the account goes with its sessions, codes and saved methods, whose tokens
 * a job deletes at the provider. Refused while an order of the account is paid and not yet
 * delivered.
 */
export async function deleteAccount(
  context: AccountContext & { jobs: Pick<JobQueue, 'send'> },
  customer: Customer,
  body: DeleteAccountRequest,
): Promise<AccountDeleted> {
  if (
    body.password !== undefined &&
    (await checkPassword(customer.passwordHash, body.password)) === 'wrong'
  ) {
    throw new DomainError('AUTHENTICATION_FAILED', 'The password is not correct');
  }
  const outcome = await context.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customer.id))
      .for('update');
    if (!account) return 'gone' as const;
    if (body.code !== undefined && !(await useCode(tx, customer.id, 'DELETE', body.code, context.now))) {
      // Committed, so that the wrong try counts against the code.
      return 'wrong code' as const;
    }
    const own = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.tenantId, context.tenant.shopId)))
      .for('update');
    if (own.some(isOpen)) {
      throw new DomainError(
        'ACCOUNT_HAS_OPEN_ORDERS',
        'An order of this account is paid and not delivered yet; try again in a few minutes',
      );
    }
    await anonymiseOrders(tx, context, customer, own);
    const savedMethods = await forgetAccountTokens(tx, context.jobs, customer.id);
    await tx.delete(customers).where(eq(customers.id, customer.id));
    return { anonymisedOrders: own.length, savedMethods };
  });
  if (outcome === 'gone') throw new DomainError('AUTHORIZATION_REQUIRED', 'The account no longer exists');
  if (outcome === 'wrong code') {
    throw new DomainError(
      'INVALID_VERIFICATION_CODE',
      'The code is wrong, used or expired; ask for a new one',
    );
  }
  context.log.info(outcome, 'account deleted');
  return { status: 'deleted', message: 'successfulDelete' };
}
