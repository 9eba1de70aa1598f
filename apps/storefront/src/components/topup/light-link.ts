import 'server-only';
import { type AutoTopupLightQuery, autoTopupLightAnswerSchema } from '@shop/domain/contract';
import type { TenantConfig } from '@shop/tenants';
import { postApi } from '../../lib/api';
import type { Shopper } from '../../lib/signed-in';

/** A light top-up's link as the page's address carries it. */
export type LightLink = Pick<AutoTopupLightQuery, 'hash' | 'notificationCode'>;

/**
 * What the page makes of a light top-up's link (decision 0042): the top-up it fills in, for its
 * owner signed in; otherwise the reason it does not (sign in first, another account's link, or a
 * link that no longer works), told above the form.
 */
export type LightLinkState =
  | {
      kind: 'owner';
      notificationCode: string;
      msisdn: string;
      amount: number;
      /** The card's bank wants the shopper to confirm this top-up (decision 0068). */
      confirmsCharge: boolean;
    }
  | { kind: 'signIn' | 'otherUser' | 'unable' };

export async function lightLinkState(
  tenant: TenantConfig,
  shopper: Shopper,
  link: LightLink,
): Promise<LightLinkState> {
  // Spec §4: the sign-in message shows because the page was opened with a link.
  if (!shopper.signedIn) return { kind: 'signIn' };
  const answer = await postApi(tenant, '/api/topup/autotopuplight/query', link, autoTopupLightAnswerSchema);
  if (!answer.ok) return { kind: answer.status === 401 ? 'signIn' : 'unable' };
  const { userId, msisdn, amount, notificationCode, purpose } = answer.data;
  if (shopper.profile && userId !== shopper.profile.userId) return { kind: 'otherUser' };
  if (!msisdn || amount === undefined || !notificationCode) return { kind: 'otherUser' };
  return { kind: 'owner', notificationCode, msisdn, amount, confirmsCharge: purpose === 'AUTHENTICATION' };
}
