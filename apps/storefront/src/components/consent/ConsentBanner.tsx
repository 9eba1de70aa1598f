import { getTranslations } from 'next-intl/server';
import { ConsentButton } from './ConsentButton';
import { CookieSettingsButton } from './CookieSettingsButton';
import { CONSENT_ACTION, CONSENT_FIELDS } from './consent-form';

/**
 * Asks for cookie consent until the shopper has chosen (spec §3, decision 0046): accepting and
 * refusing side by side, equally plain; the settings to choose in detail. Posts a form, so it
 * works before JavaScript; the page loads again with the choice in force.
 */
export async function ConsentBanner({ provider, returnPath }: { provider: string; returnPath: string }) {
  const t = await getTranslations('common');
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title" data-testid="consent-banner">
      <div className="consent-banner__inner">
        <div className="consent-banner__text">
          <h2 id="consent-banner-title">{t('consentTitle')}</h2>
          <p>
            {t('consentText', { provider })} <a href="/privacy">{t('consentPrivacyLink')}</a>
          </p>
        </div>
        <form method="post" action={CONSENT_ACTION} className="consent-banner__actions">
          <input type="hidden" name={CONSENT_FIELDS.returnPath} value={returnPath} />
          <ConsentButton choice="all">{t('consentAcceptAll')}</ConsentButton>
          <ConsentButton choice="necessary">{t('consentOnlyNecessary')}</ConsentButton>
          <CookieSettingsButton className="consent-button consent-button--quiet">
            {t('consentSettings')}
          </CookieSettingsButton>
        </form>
      </div>
    </section>
  );
}
