import { mainPagePath } from '@shop/tenants';
import { getTranslations } from 'next-intl/server';
import { PaymentResult } from '../../../../components/checkout/PaymentResult';
import { lookUpOrder } from '../../../../lib/order';
import { requireTenant } from '../../../../lib/tenant';

type Query = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Spec §2: where the provider returns the shopper; shows the payment's state until it settles. */
export default async function ResultPage({ searchParams }: { searchParams: Promise<Query> }) {
  const tenant = await requireTenant();
  const query = await searchParams;
  const cartName = single(query.cartName);
  const orderNumber = single(query.orderNumber);
  const [t, lookup] = await Promise.all([
    getTranslations('common'),
    lookUpOrder(tenant, orderNumber, cartName),
  ]);
  return (
    <div className="checkout">
      <h1>{t('paymentResultTitle')}</h1>
      <PaymentResult
        cartName={cartName}
        orderNumber={orderNumber}
        initial={lookup}
        mainPage={mainPagePath(tenant)}
      />
    </div>
  );
}
