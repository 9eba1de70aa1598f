import { useParams } from 'react-router';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';
import { DetailList } from '../ui/DetailList';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Loading } from '../ui/Loading';
import { Page, Section } from '../ui/Page';
import { useOrder } from './api';
import { OrderActions } from './OrderActions';
import { OrderLines, OrderPayments } from './order-tables';
import { Timeline } from './Timeline';

export function OrderPage() {
  const { orderNumber = '' } = useParams();
  const t = useTranslations('order');
  const order = useOrder(orderNumber);
  const format = useFormat();
  const labels = useLabels();
  const shopName = useShopName();
  const title = t('title', { orderNumber });
  if (order.isPending)
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  if (order.isError)
    return (
      <Page title={title}>
        {isApiError(order.error, 404) ? (
          <p className="notice">{t('notFound', { orderNumber })}</p>
        ) : (
          <ErrorNotice error={order.error} />
        )}
      </Page>
    );
  const { data } = order;
  return (
    <Page title={title}>
      <Section title={t('summary')}>
        <DetailList
          items={[
            [
              t('status'),
              <span key="status" className="badge">
                {labels.orderStatus(data.orderStatus)}
              </span>,
            ],
            [t('tenant'), shopName(data.shopId)],
            [t('created'), format.dateTime(data.createdAt)],
            [t('total'), format.amount(data.totalPrice, data.currency)],
            [t('email'), data.email ?? t('none')],
            [t('phoneNumbers'), data.phoneNumbers.join(', ') || t('none')],
          ]}
        />
      </Section>
      <OrderActions order={data} />
      <Section title={t('lines')}>
        <OrderLines order={data} />
      </Section>
      <Section title={t('payments')}>
        <OrderPayments order={data} />
      </Section>
      <Section title={t('timeline')}>
        <Timeline entries={data.timeline} />
      </Section>
    </Page>
  );
}
