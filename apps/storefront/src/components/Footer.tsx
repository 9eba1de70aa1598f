import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { CONTENT_PAGES, contentPagesOf } from '../lib/content-pages';

export async function Footer({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const { footer, variations } = tenant;

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-payment">
          <h2 id="footer-payment">{t('footerPaymentMethods')}</h2>
          <ul className="payment-methods" data-testid="payment-methods">
            {footer.paymentMethods.map((method) => (
              <li key={method}>
                {/* biome-ignore lint/performance/noImgElement: payment icons are small SVGs */}
                <img
                  src={`/payment-methods/${method}.svg`}
                  alt={t(`paymentMethod_${method}`)}
                  width={48}
                  height={32}
                />
              </li>
            ))}
          </ul>
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
          </ul>
        </nav>
        {footer.socialLinks.length > 0 && (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">{t('footerFollowUs')}</h2>
            <ul className="footer-links">
              {footer.socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener">
                    {link.network === 'x'
                      ? 'X'
                      : link.network.charAt(0).toUpperCase() + link.network.slice(1)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {footer.appStoreLinks.length > 0 && (
          <section aria-labelledby="footer-apps">
            <h2 id="footer-apps">{t('footerGetTheApp')}</h2>
            <ul className="footer-links">
              {footer.appStoreLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener">
                    {link.store === 'apple' ? 'App Store' : 'Google Play'}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <p className="site-footer__copyright">
        {t('copyright', { year: new Date().getFullYear(), provider: tenant.providerName })}
      </p>
    </footer>
  );
}
