import {
  type DeleteSmsTopupRequest,
  deletedAnswerSchema,
  smsTopupAnswerSchema,
  type UpdateSmsTopupRequest,
} from '@shop/domain/contract';
import { callShopApi } from '../../../lib/shop-api';

const SMS_TOPUP_API = '/api/shop/rest/smstopup';

/** What the shopper changes in a registration: another saved method, a new PIN (which also unlocks), or the lock. */
export type SmsTopupUpdate = { index: number } & Pick<
  UpdateSmsTopupRequest,
  'paymentTokenId' | 'smsTopupConsent' | 'unlock'
>;

/** Sends a change; answers the registration as it is now. */
export const updateSmsTopup = (update: SmsTopupUpdate) =>
  callShopApi(SMS_TOPUP_API, smsTopupAnswerSchema, {
    method: 'PUT',
    body: JSON.stringify(update satisfies UpdateSmsTopupRequest),
  });

/** Stops SMS top-ups for the number in one step. */
export const stopSmsTopup = (index: number) =>
  callShopApi(SMS_TOPUP_API, deletedAnswerSchema, {
    method: 'DELETE',
    body: JSON.stringify({ index } satisfies DeleteSmsTopupRequest),
  });
