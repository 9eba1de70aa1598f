import { type Customer, type Database, schema } from '@shop/db';
import { readOrderSearch } from '@shop/domain';
import type { CustomerSearchQuery, StaffCustomer, StaffCustomersAnswer } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { profileOf } from '../accounts/profile';
import { timeZoneOf } from '../auto-topups/register';
import { queryAutoTopups } from '../auto-topups/rows';
import { listTokens } from '../payment-methods/tokens';
import { listSmsTopups } from '../sms-topups/registrations';
import { orderSummaryOf } from './orders';

const { customers, orders } = schema;

const summaryOf = (customer: Customer) => ({
  customerId: customer.id,
  shopId: customer.tenantId,
  email: customer.email,
  phoneNumber: customer.phoneNumber,
  createdAt: customer.createdAt.toISOString(),
});

/** The accounts a search text names: by e-mail or user name, or by a number in any common format. */
function matching(text: string, countries: readonly string[]): SQL {
  const terms = readOrderSearch(text, countries);
  if (terms.email) {
    return sql`(lower(${customers.email}) = ${terms.email} or lower(${customers.userName}) = ${terms.email})`;
  }
  if (terms.msisdns.length === 0) return sql`false`;
  return inArray(customers.phoneNumber, terms.msisdns);
}

/** GET /api/backoffice/customers: a page of the accounts of `shopIds` (every tenant for undefined), newest first. */
export async function searchCustomers(
  db: Database,
  shopIds: readonly string[] | undefined,
  countries: readonly string[],
  query: CustomerSearchQuery,
): Promise<StaffCustomersAnswer> {
  const conditions: SQL[] = [];
  if (shopIds !== undefined) conditions.push(inArray(customers.tenantId, [...shopIds]));
  if (query.q) conditions.push(matching(query.q, countries));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(query.size)
      .offset(query.offset),
    db.select({ value: count() }).from(customers).where(where),
  ]);
  return { items: rows.map(summaryOf), totalCount: total?.value ?? 0 };
}

/** The account of this id among `shopIds` (every tenant for undefined), or undefined. */
export async function staffCustomer(
  db: Database,
  shopIds: readonly string[] | undefined,
  customerId: string,
): Promise<Customer | undefined> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.id, customerId),
        ...(shopIds === undefined ? [] : [inArray(customers.tenantId, [...shopIds])]),
      ),
    );
  return customer;
}

/**
 * An account as customer service sees it, read by the account area's own queries: its profile,
 * its usable saved methods (masked), its automatic and SMS top-ups with their state, and its 10
 * newest orders.
 */
export async function customerDetail(
  db: Database,
  tenant: TenantConfig,
  customer: Customer,
  now: Date,
): Promise<StaffCustomer> {
  const owner = { tenantId: tenant.shopId, customerId: customer.id, timeZone: timeZoneOf(tenant) };
  const [savedMethods, autoTopups, smsTopups, latest] = await Promise.all([
    listTokens({ db, customerId: customer.id }),
    queryAutoTopups(db, owner, {}, now),
    listSmsTopups({ db, tenant, customerId: customer.id, now }),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.tenantId, tenant.shopId)))
      .orderBy(desc(orders.createdAt))
      .limit(10),
  ]);
  return {
    ...summaryOf(customer),
    profile: profileOf(customer),
    savedMethods,
    autoTopups,
    smsTopups,
    latestOrders: latest.map(orderSummaryOf),
    autoTopupPauseAllowed: tenant.topup.options.pauseAllowed,
  };
}
