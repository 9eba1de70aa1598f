import { getTranslations } from 'next-intl/server';
import { ORDERS_PATH } from '../../../../lib/order-history';

/** An order number this account has no order of (UNKNOWN_ORDER). */
export default async function OrderNotFound() {
  const t = await getTranslations('common');
  return (
    <section className="account-empty" data-testid="order-not-found">
      <h1>{t('orderNotFoundTitle')}</h1>
      <p>{t('orderUnknown')}</p>
      <a className="button" href={ORDERS_PATH}>
        {t('backToOrders')}
      </a>
    </section>
  );
}
