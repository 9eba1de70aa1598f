import { type Database, schema } from '@shop/db';
import { isValidSmsPin } from '@shop/domain';
import { and, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { PinCipher } from '../vouchers/pin-crypto';

const { smsTopupRequests } = schema;

/** An SMS a shopper sent to a short number, as the operator passes it on. */
export interface InboundSms {
  /** The gateway's id of the message: the same message delivered again has the same id. */
  messageId: string;
  from: string;
  to: string;
  text: string;
}

/** The text as it is kept: a word that could be the PIN is masked. */
const maskedText = (text: string) =>
  text
    .split(/(\s+)/)
    .map((word) => (isValidSmsPin(word) ? '*'.repeat(word.length) : word))
    .join('');

/**
 * Keeps an SMS by its message id and answers the request to work on, or undefined for a message
 * already received: a redelivered message is acted on once.
 */
export async function receiveSms(
  { db, pins }: { db: Database; pins: PinCipher },
  sms: InboundSms,
): Promise<string | undefined> {
  const [request] = await db
    .insert(smsTopupRequests)
    .values({
      messageId: sms.messageId,
      shortNumber: sms.to.replace(/^\+/, ''),
      msisdn: sms.from,
      text: maskedText(sms.text),
      sealedText: pins.encrypt(sms.text),
      state: 'RECEIVED',
    })
    .onConflictDoNothing()
    .returning({ id: smsTopupRequests.id });
  return request?.id;
}

/** A request untouched this long lost its job (a crash after it was kept); the next pass takes it up. */
const STALE_REQUEST_MS = 5 * 60_000;
const ANSWER_WITHIN_MS = 24 * 60 * 60_000;

/** The requests whose job was lost: still open, or decided but not yet answered (nor refused for good). */
export async function staleSmsRequests(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: smsTopupRequests.id })
    .from(smsTopupRequests)
    .where(
      and(
        lte(smsTopupRequests.updatedAt, new Date(now.getTime() - STALE_REQUEST_MS)),
        // An answer the gateway refused for a day is late enough to be of no use any more.
        gte(smsTopupRequests.createdAt, new Date(now.getTime() - ANSWER_WITHIN_MS)),
        or(
          eq(smsTopupRequests.state, 'RECEIVED'),
          and(
            isNotNull(smsTopupRequests.answer),
            isNull(smsTopupRequests.answeredAt),
            isNull(smsTopupRequests.answerRefusedAt),
          ),
        ),
      ),
    )
    .limit(100);
  return rows.map((row) => row.id);
}
