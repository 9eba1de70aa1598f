import type { Product } from '@shop/domain/contract';
import { mainPagePath, type TenantConfig } from '@shop/tenants';
import type { TopupFormProps } from '../form/props';
import { TopupSection } from '../TopupSection';
import { HowItWorks } from './HowItWorks';
import { TopupHero } from './TopupHero';
import { TrustPoints } from './TrustPoints';

/**
 * A single-brand main page: headline, the top-up form, how a top-up works and why to trust the
 * shop, laid out as the tenant's composition says (`mainPage` in its config, decision 0031).
 */
export function TopupPage({
  tenant,
  items,
  initial,
}: {
  tenant: TenantConfig;
  items: Product[];
  initial: TopupFormProps['initial'];
}) {
  const { hero, tileStyle, trustPanel } = tenant.mainPage;
  return (
    <div
      className="main-page topup-page"
      data-testid={`main-page-${tenant.mainPageKind}`}
      data-hero={hero}
      data-tiles={tileStyle}
      data-trust={trustPanel}
    >
      <TopupHero tenant={tenant} />
      <div className="topup-page__form">
        <TopupSection
          tenant={tenant}
          brandId={tenant.shopId}
          items={items}
          initial={initial}
          pagePath={mainPagePath(tenant)}
        />
      </div>
      <HowItWorks provider={tenant.providerName} />
      <TrustPoints tenant={tenant} />
    </div>
  );
}
