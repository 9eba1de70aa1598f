import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { PaymentResult } from '../../../../../components/checkout/PaymentResult';
import { currentAppVisit } from '../../../../../lib/app-session';
import { ownBrand } from '../../../../../lib/brand-art';
import type { SearchParams } from '../../../../../lib/page-query';
import { titledBy } from '../../../../../lib/page-title';
import { orderOfResultQuery } from '../../../../../lib/result-query';
import { requireTenant } from '../../../../../lib/tenant';

export const generateMetadata = titledBy('cashCodeResultTitle');

/** Spec §2: the cash-code result; commits the order, which redeems the code, and shows the outcome. */
export default async function CashCodeResultPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await requireTenant();
  const [t, query, app] = await Promise.all([
    getTranslations('common'),
    searchParams,
    currentAppVisit(tenant),
  ]);
  const order = orderOfResultQuery(query);
  return (
    <div className="checkout">
      <h1>{t('cashCodeResultTitle')}</h1>
      <PaymentResult
        kind="cashCode"
        order={order ? { ...order, paymentToken: undefined } : undefined}
        detailed={tenant.flags.hasDetailedSuccessPage}
        mainPage={mainPagePath(tenant)}
        topupBrand={ownBrand(tenant)}
        app={app}
        sendDeviceId={tenant.settings.shouldSendDeviceID && !app}
      />
    </div>
  );
}
