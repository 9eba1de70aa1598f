import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { currentTenant } from '../lib/tenant';

export default async function NotFound() {
  const tenant = await currentTenant();
  if (!tenant) {
    return (
      <main id="main" className="shop-index">
        <h1>Page not found</h1>
        <p>No shop is served at this address.</p>
      </main>
    );
  }
  const [t, seo] = await Promise.all([getTranslations('common'), getTranslations('seo')]);
  return (
    <section className={`not-found not-found--${tenant.variations.notFoundVariant}`} data-testid="not-found">
      <title>{seo('notFoundTitle', { provider: tenant.providerName })}</title>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <a className="button" href={mainPagePath(tenant)}>
        {t('notFoundBack')}
      </a>
    </section>
  );
}
