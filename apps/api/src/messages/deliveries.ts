import { type Database, schema } from '@shop/db';
import {
  deliveryStep,
  MESSAGE_DELIVERY_STATUSES,
  type MessageDeliveryStatus,
  type MessageProviderName,
  maskMsisdn,
} from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';

const { textMessages } = schema;

/** What is known of one sent message. */
export interface DeliveryRecord {
  tenantId: string;
  provider: MessageProviderName;
  providerMessageId: string;
  channel: 'sms' | 'whatsapp';
  /** E.164 with `+`; kept masked. */
  to: string;
  status: MessageDeliveryStatus;
  errorCode?: string;
}

const stepOf = (column: SQL) =>
  sql.join(
    [
      sql`CASE ${column}`,
      ...MESSAGE_DELIVERY_STATUSES.map((status) => sql`WHEN ${status} THEN ${deliveryStep(status)}`),
      sql`END`,
    ],
    sql` `,
  );

/**
 * Keeps a message's status, from our send or from the gateway's report, whichever comes first;
 * a later report moves it only forward, so a repeated or late one changes nothing.
 */
export async function recordDelivery(db: Database, record: DeliveryRecord): Promise<void> {
  await db
    .insert(textMessages)
    .values({
      tenantId: record.tenantId,
      provider: record.provider,
      providerMessageId: record.providerMessageId,
      channel: record.channel,
      recipient: maskMsisdn(record.to),
      status: record.status,
      errorCode: record.errorCode ?? null,
    })
    .onConflictDoUpdate({
      target: [textMessages.provider, textMessages.providerMessageId],
      set: {
        status: sql`excluded.status`,
        errorCode: sql`coalesce(excluded.error_code, text_messages.error_code)`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${stepOf(sql`excluded.status`)} > ${stepOf(sql`text_messages.status`)}`,
    });
}
