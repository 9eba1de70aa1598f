import { messageKeyFor } from '@shop/domain';
import {
  type AutoTopupRow,
  autoTopupAnswerSchema,
  type DeleteAutoTopupRequest,
  deletedAnswerSchema,
  type ResendLightLinkRequest,
  resendLightLinkAnswerSchema,
  type UpdateAutoTopupRequest,
} from '@shop/domain/contract';
import type { ApiResult } from '../../../lib/api-answer';
import { goTo } from '../../../lib/browser-cookies';
import { loginPath } from '../../../lib/login-path';
import { callShopApi } from '../../../lib/shop-api';
import { isSignedOut } from '../../forms/refusal';

/** What the shopper changes: the status (activate or pause), the saved method, the monthly limit (null: none). */
export type AutoTopupChange = {
  autoTopupId: string;
  status?: 'ENABLED' | 'DISABLED';
  paymentToken?: string;
  monthlyCap?: number | null;
};

/** Sends a change; answers the top-up as it is now. */
export const updateAutoTopup = (change: AutoTopupChange) =>
  callShopApi('/api/topup/autotopup', autoTopupAnswerSchema, {
    method: 'PUT',
    body: JSON.stringify(change satisfies UpdateAutoTopupRequest),
  });

/** Cancels the top-up in one step (§312k BGB: no second page, no question). */
export const cancelAutoTopup = (row: Pick<AutoTopupRow, 'autoTopupId' | 'paymentToken'>) =>
  callShopApi('/api/topup/autotopup/delete', deletedAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({
      autoTopupId: row.autoTopupId,
      paymentToken: row.paymentToken,
    } satisfies DeleteAutoTopupRequest),
  });

/** Sends a light top-up's latest link again by SMS, with a new secret. */
export const resendLightLink = (autoTopupId: string) =>
  callShopApi('/api/topup/autotopuplight/resend', resendLightLinkAnswerSchema, {
    method: 'POST',
    body: JSON.stringify({ autoTopupId } satisfies ResendLightLinkRequest),
  });

/**
 * What a failed call leaves to say: a shopper whose session ran out goes to sign in and comes
 * back to `here` (nothing to say); any other failure is the message key of its code (spec §8).
 */
export async function failureMessage(result: ApiResult<unknown>, here: string): Promise<string | undefined> {
  if (result.ok) return undefined;
  if (isSignedOut(result.status, result.code)) {
    await goTo(loginPath(here));
    return undefined;
  }
  return messageKeyFor(result.code);
}
