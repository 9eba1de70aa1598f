import type { TenantConfig } from '@shop/tenants';
import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { PaymentResult } from '../../../../components/checkout/PaymentResult';
import { currentAppVisit } from '../../../../lib/app-session';
import { type SetupDescription, setupOfLine, smsSetupsOf } from '../../../../lib/auto-topup-setup';
import { ownBrand } from '../../../../lib/brand-art';
import { cartNamed } from '../../../../lib/cart';
import type { SearchParams } from '../../../../lib/page-query';
import { titledBy } from '../../../../lib/page-title';
import { orderOfResultQuery } from '../../../../lib/result-query';
import { requireTenant } from '../../../../lib/tenant';

export const generateMetadata = titledBy('paymentResultTitle');

/**
 * The automatic top-ups and SMS top-up registrations the order's cart sets up, with their numbers.
 * The cart outlives its order until it expires; when it cannot be read, the page shows the order
 * without them.
 */
async function setupsOfCart(tenant: TenantConfig, cartName: string | undefined) {
  const lines = (await cartNamed(tenant, cartName).catch(() => null))?.items ?? [];
  return {
    setups: lines.flatMap((line): { setup: SetupDescription; phoneNumber: string | null }[] => {
      const setup = setupOfLine(line);
      return setup ? [{ setup, phoneNumber: line.phoneNumber }] : [];
    }),
    smsSetups: smsSetupsOf(lines),
  };
}

/** Spec §2: where the provider returns the shopper; commits the order and shows its outcome. */
export default async function ResultPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await requireTenant();
  const [t, query, app] = await Promise.all([
    getTranslations('common'),
    searchParams,
    currentAppVisit(tenant),
  ]);
  const order = orderOfResultQuery(query);
  const { setups, smsSetups } = await setupsOfCart(tenant, order?.cartName);
  return (
    <div className="checkout">
      <h1>{t('paymentResultTitle')}</h1>
      <PaymentResult
        kind="payment"
        order={order}
        setups={setups}
        sms={tenant.smsShortNumber ? { setups: smsSetups, shortNumber: tenant.smsShortNumber } : undefined}
        detailed={tenant.flags.hasDetailedSuccessPage}
        mainPage={mainPagePath(tenant)}
        topupBrand={ownBrand(tenant)}
        app={app}
        sendDeviceId={tenant.settings.shouldSendDeviceID && !app}
      />
    </div>
  );
}
