import { formatMoney, formatMsisdn } from '@shop/domain';
import { getLocale, getTranslations } from 'next-intl/server';
import { loginPath } from '../../lib/login-path';
import type { LightLinkState } from './light-link';

/**
 * Above the form opened by a light top-up's link: the top-up it fills in, or why it does not
 * (sign in first, with the way back to the link; another account's link; a link that no longer works).
 */
export async function LightLinkNotice({
  state,
  currency,
  here,
}: {
  state: LightLinkState;
  currency: string;
  /** The page as the link opened it, where signing in comes back to. */
  here: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('common'), getLocale()]);
  if (state.kind === 'owner') {
    return (
      <p className="light-link light-link--ready" data-testid="light-link-notice">
        {t(state.confirmsCharge ? 'autoTopupAuthenticationNotice' : 'autoTopupLightNotice', {
          amount: formatMoney(state.amount, currency, locale),
          number: formatMsisdn(state.msisdn),
        })}
      </p>
    );
  }
  const messageKey =
    state.kind === 'signIn'
      ? 'authorizationRequired'
      : state.kind === 'otherUser'
        ? 'userIdDoesNotMatch'
        : 'unableQueryAutoTopupLight';
  return (
    <p className="light-link light-link--refused" role="alert" data-testid="light-link-notice">
      {t(messageKey)} {state.kind === 'signIn' && <a href={loginPath(here)}>{t('loginTitle')}</a>}
    </p>
  );
}
