import type { CookieConsent } from '@shop/domain';
import { getLocale, getTranslations } from 'next-intl/server';
import type { MeasurementScripts } from '../../lib/measurement-scripts';
import { ConsentButton } from './ConsentButton';
import { CONSENT_ACTION, CONSENT_FIELDS, COOKIE_SETTINGS_ID } from './consent-form';

const TOOL_KEYS = {
  tagManager: 'consentTool_tagManager',
  analytics: 'consentTool_analytics',
  heatMap: 'consentTool_heatMap',
  push: 'consentTool_push',
} as const;

/**
 * The cookie settings (spec §3): necessary always on, statistics as the shopper chose (off by
 * default), naming the tools this shop would load. Opened from the footer of every page, so
 * withdrawing is as easy as granting; closes without JavaScript (`method="dialog"`).
 */
export async function CookieSettingsDialog({
  consent,
  tools,
  returnPath,
}: {
  consent: CookieConsent | undefined;
  tools: (keyof MeasurementScripts)[];
  returnPath: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('common'), getLocale()]);
  const toolNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    tools.map((tool) => t(TOOL_KEYS[tool])),
  );
  return (
    <dialog
      id={COOKIE_SETTINGS_ID}
      className="consent-dialog"
      aria-labelledby="cookie-settings-title"
      aria-describedby="cookie-settings-intro"
      data-testid="cookie-settings"
    >
      <h2 id="cookie-settings-title">{t('cookieSettings')}</h2>
      <p id="cookie-settings-intro">{t('cookieSettingsIntro')}</p>
      <form method="post" action={CONSENT_ACTION}>
        <input type="hidden" name={CONSENT_FIELDS.returnPath} value={returnPath} />
        <div className="consent-dialog__choice">
          <input
            id="consent-necessary"
            type="checkbox"
            checked
            disabled
            aria-describedby="consent-necessary-text"
          />
          <label htmlFor="consent-necessary">
            {t('consentNecessaryTitle')}{' '}
            <span className="consent-dialog__always">({t('consentAlwaysOn')})</span>
          </label>
          <p id="consent-necessary-text">{t('consentNecessaryText')}</p>
        </div>
        <div className="consent-dialog__choice">
          <input
            id="consent-statistics"
            type="checkbox"
            name={CONSENT_FIELDS.statistics}
            value="1"
            defaultChecked={consent?.statistics === true}
            aria-describedby="consent-statistics-text"
          />
          <label htmlFor="consent-statistics">{t('consentStatisticsTitle')}</label>
          <p id="consent-statistics-text">
            {tools.length > 0 ? t('consentStatisticsText', { tools: toolNames }) : t('consentNoTools')}
          </p>
        </div>
        <div className="consent-dialog__actions">
          <ConsentButton choice="save">{t('consentSave')}</ConsentButton>
          <ConsentButton choice="all">{t('consentAcceptAll')}</ConsentButton>
          <ConsentButton choice="necessary">{t('consentOnlyNecessary')}</ConsentButton>
        </div>
      </form>
      <form method="dialog" className="consent-dialog__close">
        <button type="submit" className="consent-button consent-button--quiet">
          {t('consentClose')}
        </button>
      </form>
    </dialog>
  );
}
