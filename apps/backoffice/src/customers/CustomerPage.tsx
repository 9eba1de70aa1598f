import { useParams } from 'react-router';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import { useOrderColumns } from '../orders/order-columns';
import { DataTable } from '../ui/DataTable';
import { DetailList } from '../ui/DetailList';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Loading } from '../ui/Loading';
import { Page, Section } from '../ui/Page';
import { AutoTopups } from './AutoTopups';
import { useCustomer } from './api';
import { SavedMethods, SmsTopups } from './customer-tables';

export function CustomerPage() {
  const { customerId = '' } = useParams();
  const t = useTranslations('customer');
  const customer = useCustomer(customerId);
  const format = useFormat();
  const shopName = useShopName();
  const orderColumns = useOrderColumns();
  const title = customer.data?.email ?? customer.data?.phoneNumber ?? t('title');
  if (customer.isPending)
    return (
      <Page title={t('title')}>
        <Loading />
      </Page>
    );
  if (customer.isError)
    return (
      <Page title={t('title')}>
        {isApiError(customer.error, 404) || isApiError(customer.error, 400) ? (
          <p className="notice">{t('notFound')}</p>
        ) : (
          <ErrorNotice error={customer.error} />
        )}
      </Page>
    );
  const { data } = customer;
  const { profile } = data;
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ');
  const address = [[profile.street, profile.houseNumber], [profile.zip, profile.city], [profile.countryCode]]
    .map((part) => part.filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');
  return (
    <Page title={title}>
      <Section title={t('profile')}>
        <DetailList
          items={[
            [t('name'), name || t('none')],
            [t('userName'), profile.userName],
            [t('email'), data.email ?? t('none')],
            [t('phoneNumber'), data.phoneNumber ?? t('none')],
            [t('address'), address || t('none')],
            [t('language'), profile.language ?? t('none')],
            [t('tenant'), shopName(data.shopId)],
            [t('created'), format.dateTime(data.createdAt)],
          ]}
        />
      </Section>
      <Section title={t('savedMethods')}>
        <SavedMethods methods={data.savedMethods} />
      </Section>
      <Section title={t('autoTopups')}>
        <AutoTopups customer={data} />
      </Section>
      <Section title={t('smsTopups')}>
        <SmsTopups topups={data.smsTopups} />
      </Section>
      <Section title={t('latestOrders')}>
        <DataTable
          caption={t('latestOrders')}
          columns={orderColumns}
          data={data.latestOrders}
          emptyText={t('noOrders')}
          rowId={(order) => order.orderNumber}
        />
      </Section>
    </Page>
  );
}
