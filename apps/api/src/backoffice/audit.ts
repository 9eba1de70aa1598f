import { type Database, schema, type Transaction } from '@shop/db';
import type { AuditAnswer } from '@shop/domain/contract';
import { count, desc, inArray, type SQL } from 'drizzle-orm';

const { auditLog } = schema;

/** One line of the audit log: who (by id and e-mail), what, to what, for which tenant. */
export interface AuditRecord {
  staffId?: string | undefined;
  staffEmail: string;
  action: string;
  target?: string;
  shopId?: string | null;
  detail?: Record<string, unknown>;
  clientAddress?: string;
  at?: Date;
}

/** The staff member behind an action, as its audit line names them. */
export interface Actor {
  staffId: string;
  staffEmail: string;
  clientAddress: string;
}

/**
 * Appends a line to the audit log; within `tx` it stands or falls with the change it records.
 * Nothing ever updates or deletes one (the table refuses it).
 */
export async function recordAudit(db: Database | Transaction, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    staffId: record.staffId ?? null,
    staffEmail: record.staffEmail,
    action: record.action,
    target: record.target ?? '',
    shopId: record.shopId ?? null,
    detail: record.detail ?? {},
    clientAddress: record.clientAddress ?? null,
    ...(record.at ? { at: record.at } : {}),
  });
}

/**
 * A page of the audit log, newest first: of the tenants named, or of the whole platform
 * (`shopIds` undefined, for admin; lines of no tenant are the platform's).
 */
export async function listAudit(
  db: Database,
  shopIds: readonly string[] | undefined,
  page: { offset: number; size: number },
): Promise<AuditAnswer> {
  const where: SQL | undefined = shopIds === undefined ? undefined : inArray(auditLog.shopId, [...shopIds]);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.size).offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      staff: row.staffEmail,
      action: row.action,
      target: row.target,
      shopId: row.shopId,
      detail: row.detail,
    })),
    totalCount: total?.value ?? 0,
  };
}
