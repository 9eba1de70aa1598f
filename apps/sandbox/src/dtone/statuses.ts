/**
 * Transaction statuses as DT One documents them: a status `{ id, message }` in a class
 * `{ id, message }`. The classes, their ids and the status messages are DT One's; the numeric id
 * of a status is not in DT One's public documentation, so the stand-in makes it class × 10000
 * plus a sub-code for a detailed status. DT One advises callers to act on the class.
 */

export const STATUS_CLASS_IDS = {
  CREATED: 1,
  CONFIRMED: 2,
  REJECTED: 3,
  CANCELLED: 4,
  SUBMITTED: 5,
  COMPLETED: 7,
  REVERSED: 8,
  DECLINED: 9,
} as const;

export type StatusClass = keyof typeof STATUS_CLASS_IDS;

export interface TransactionStatus {
  id: number;
  message: string;
  class: { id: number; message: StatusClass };
}

function status(className: StatusClass, message: string = className, subCode = 0): TransactionStatus {
  const classId = STATUS_CLASS_IDS[className];
  return { id: classId * 10_000 + subCode, message, class: { id: classId, message: className } };
}

export const STATUSES = {
  created: status('CREATED'),
  confirmed: status('CONFIRMED'),
  cancelled: status('CANCELLED'),
  submitted: status('SUBMITTED'),
  completed: status('COMPLETED'),
  reversed: status('REVERSED'),
  declinedInvalidCreditParty: status('DECLINED', 'DECLINED-INVALID-CREDIT-PARTY', 200),
  declinedBarredCreditParty: status('DECLINED', 'DECLINED-BARRED-CREDIT-PARTY', 201),
} as const;

/** Classes after which nothing more happens (but a COMPLETED one may still be REVERSED). */
const FINAL_CLASSES: ReadonlySet<StatusClass> = new Set([
  'REJECTED',
  'CANCELLED',
  'COMPLETED',
  'REVERSED',
  'DECLINED',
]);

/** Classes DT One calls the callback URL for. */
const CALLBACK_CLASSES: ReadonlySet<StatusClass> = new Set(['COMPLETED', 'DECLINED', 'REJECTED', 'REVERSED']);

export const isFinal = (status: TransactionStatus) => FINAL_CLASSES.has(status.class.message);

export const callsBack = (status: TransactionStatus) => CALLBACK_CLASSES.has(status.class.message);
