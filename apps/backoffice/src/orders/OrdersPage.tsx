import { useTranslations } from 'use-intl';
import { useListSearch } from '../lib/use-list-search';
import { DataTable } from '../ui/DataTable';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Loading } from '../ui/Loading';
import { Page } from '../ui/Page';
import { Pagination } from '../ui/Pagination';
import { useOrders } from './api';
import { ORDER_FILTER_KEYS, OrderFilters } from './OrderFilters';
import { useOrderColumns } from './order-columns';

export function OrdersPage() {
  const t = useTranslations('orders');
  const { filters, page, formKey, search, turnTo } = useListSearch(ORDER_FILTER_KEYS);
  const orders = useOrders(filters, page);
  const columns = useOrderColumns();
  return (
    <Page title={t('title')}>
      <OrderFilters key={formKey} initial={filters} onSearch={search} />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorNotice error={orders.error} />
      ) : (
        <>
          <DataTable
            caption={t('caption')}
            columns={columns}
            data={orders.data.items}
            emptyText={t('empty')}
            rowId={(order) => order.orderNumber}
          />
          <Pagination {...page} totalCount={orders.data.totalCount} onOffset={turnTo} />
        </>
      )}
    </Page>
  );
}
