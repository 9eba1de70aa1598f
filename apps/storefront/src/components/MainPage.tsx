import type { TenantConfig } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';

const HEADLINES = {
  'single-brand': ['singleBrandHeadline', 'singleBrandIntro'],
  'multi-brand': ['multiBrandHeadline', 'multiBrandIntro'],
  'single-shop': ['singleShopHeadline', 'singleShopIntro'],
} as const;

/** A tenant's main page at the route of its kind (spec §2). */
export async function MainPage({ tenant }: { tenant: TenantConfig }) {
  const t = await getTranslations('common');
  const [headline, intro] = HEADLINES[tenant.mainPageKind];
  return (
    <div className="main-page" data-testid={`main-page-${tenant.mainPageKind}`}>
      <section className="hero">
        <h1>{t(headline, { provider: tenant.providerName })}</h1>
        <p>{t(intro)}</p>
      </section>
      <ul className="benefits">
        <li>{t('benefitInstant')}</li>
        <li>{t('benefitSecure')}</li>
        <li>{t('benefitNoContract')}</li>
      </ul>
    </div>
  );
}
