import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { PaymentResult } from '../../../../components/checkout/PaymentResult';
import { ownBrand } from '../../../../lib/brand-art';
import type { SearchParams } from '../../../../lib/page-query';
import { titledBy } from '../../../../lib/page-title';
import { orderOfResultQuery } from '../../../../lib/result-query';
import { requireTenant } from '../../../../lib/tenant';

export const generateMetadata = titledBy('paymentResultTitle');

/** Spec §2: where the provider returns the shopper; commits the order and shows its outcome. */
export default async function ResultPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await requireTenant();
  const [t, query] = await Promise.all([getTranslations('common'), searchParams]);
  return (
    <div className="checkout">
      <h1>{t('paymentResultTitle')}</h1>
      <PaymentResult
        kind="payment"
        order={orderOfResultQuery(query)}
        detailed={tenant.flags.hasDetailedSuccessPage}
        mainPage={mainPagePath(tenant)}
        topupBrand={ownBrand(tenant)}
      />
    </div>
  );
}
