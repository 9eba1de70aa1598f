import type { Database } from '@shop/db';
import { deleteExpiredCarts } from '../cart/service';
import { deleteSpentAppSessions } from '../mobile-app/sessions';
import { forgetPastFraudSignals } from '../orders/fraud-signals';

/** What one cleanup pass removed. */
export interface CleanupPass {
  expiredCarts: number;
  spentAppSessions: number;
  ordersWithoutFraudSignals: number;
}

/**
 * One pass of the periodic cleanup (`delete-expired-carts`): carts past their expiry, app
 * sessions over with their entry links' records, and fraud signals kept their time (decision 0065).
 */
export async function cleanUp(db: Database, now = new Date()): Promise<CleanupPass> {
  return {
    expiredCarts: await deleteExpiredCarts(db, now),
    spentAppSessions: await deleteSpentAppSessions(db, now),
    ordersWithoutFraudSignals: await forgetPastFraudSignals(db, now),
  };
}
