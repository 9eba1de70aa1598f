import { z } from 'zod';
import type { TopupOutcome } from '../operator';

/**
 * DT One's transaction status classes (its documentation advises acting on the class, not on the
 * detailed status): under way, completed, failed before any credit, or reversed after completion.
 */
const FAILED = new Set(['REJECTED', 'CANCELLED', 'DECLINED']);

/** DT One's reasons in the words the sandbox operator uses for the same thing, for support. */
const REASONS: Readonly<Record<string, string>> = {
  'DECLINED-BARRED-CREDIT-PARTY': 'NUMBER_BARRED',
  'DECLINED-INVALID-CREDIT-PARTY': 'INVALID_NUMBER',
};

/** A transaction as DT One answers it: the fields the adapter reads. */
export const transactionSchema = z.object({
  id: z.number(),
  external_id: z.string(),
  status: z.object({
    id: z.number(),
    message: z.string(),
    class: z.object({ id: z.number(), message: z.string() }),
  }),
  operator_reference: z.string().nullish(),
});
export type DtoneTransaction = z.infer<typeof transactionSchema>;

/**
 * A transaction as our top-up outcome. CREATED, CONFIRMED and SUBMITTED are under way, and so is a
 * class we do not know: it is asked about again rather than taken as a result.
 */
export function outcomeOf(transaction: DtoneTransaction): TopupOutcome {
  const { class: statusClass, message } = transaction.status;
  if (statusClass.message === 'COMPLETED') {
    return {
      status: 'SUCCEEDED',
      operatorReference: transaction.operator_reference ?? String(transaction.id),
    };
  }
  if (statusClass.message === 'REVERSED') return { status: 'REVERSED' };
  if (FAILED.has(statusClass.message)) return { status: 'FAILED', reason: REASONS[message] ?? message };
  return { status: 'PENDING' };
}
