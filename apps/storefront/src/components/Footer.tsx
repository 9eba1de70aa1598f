import { CONTENT_PAGES, contentPagesOf, type TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { CookieSettingsButton } from './consent/CookieSettingsButton';
import { PaymentMethodLogos } from './PaymentMethodLogos';

const SOCIAL_NETWORK_NAMES = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
} as const;
const APP_STORE_NAMES = { apple: 'App Store', google: 'Google Play' } as const;

/** A titled list of outside links; nothing when the tenant has none. */
function LinkSection({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { href: string; label: string }[];
}) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} rel="noopener">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export async function Footer({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const { footer, variations } = tenant;

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-payment">
          <h2 id="footer-payment">{t('footerPaymentMethods')}</h2>
          <PaymentMethodLogos
            methods={footer.paymentMethods}
            className="payment-methods"
            data-testid="payment-methods"
          />
        </section>
        {!variations.hideCustomerSupport && (
          <section aria-labelledby="footer-support">
            <h2 id="footer-support">{t('footerSupport')}</h2>
            <p>
              {t.rich('footerSupportText', {
                email: tenant.supportEmail,
                mail: (chunks) => <a href={`mailto:${tenant.supportEmail}`}>{chunks}</a>,
              })}
            </p>
          </section>
        )}
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footerLinks')}</h2>
          <ul className="footer-links">
            {contentPagesOf(tenant).map((slug) => (
              <li key={slug}>
                <a href={`/${slug}`}>{t(CONTENT_PAGES[slug])}</a>
              </li>
            ))}
            <li>
              <CookieSettingsButton className="footer-link-button">
                {t('cookieSettings')}
              </CookieSettingsButton>
            </li>
          </ul>
        </nav>
        <LinkSection
          id="footer-social"
          title={t('footerFollowUs')}
          links={footer.socialLinks.map((link) => ({
            href: link.url,
            label: SOCIAL_NETWORK_NAMES[link.network],
          }))}
        />
        <LinkSection
          id="footer-apps"
          title={t('footerGetTheApp')}
          links={footer.appStoreLinks.map((link) => ({ href: link.url, label: APP_STORE_NAMES[link.store] }))}
        />
      </div>
      <p className="site-footer__copyright">
        {t('copyright', { year: new Date().getFullYear(), provider: tenant.providerName })}
      </p>
    </footer>
  );
}
