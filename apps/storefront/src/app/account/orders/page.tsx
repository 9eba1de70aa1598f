import { historyPageCount, isFiltered, ORDER_HISTORY_PAGE_SIZE } from '@shop/domain';
import { orderHistoryAnswerSchema } from '@shop/domain/contract';
import { mainPagePath } from '@shop/tenants';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../components/account/AccountNav';
import { OrderCard } from '../../../components/account/OrderCard';
import { OrderFilter } from '../../../components/account/OrderFilter';
import { Pagination } from '../../../components/catalogue/Pagination';
import { accountCall, accountTenant, orderFormat } from '../../../lib/account';
import {
  ORDERS_PATH,
  orderHistoryApiPath,
  orderHistoryView,
  ordersPageHref,
} from '../../../lib/order-history';
import type { SearchParams } from '../../../lib/page-query';
import { titledBy } from '../../../lib/page-title';

export const generateMetadata = titledBy('ordersTitle');

/** Spec §2: the account's orders in pages of 15, newest first, filtered by days and status group. */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const tenant = await accountTenant();
  const view = orderHistoryView(await searchParams);
  const [t, format, history] = await Promise.all([
    getTranslations('common'),
    orderFormat(tenant),
    accountCall(tenant, orderHistoryApiPath(view), orderHistoryAnswerSchema, ordersPageHref(view)),
  ]);
  const totalPages = historyPageCount(history.totalCount, ORDER_HISTORY_PAGE_SIZE);
  // A page past the end (the history shrank, or a hand-typed address) shows the last one.
  if (history.orders.length === 0 && view.page > totalPages) redirect(ordersPageHref(view, totalPages));
  const filtered = isFiltered(view);

  return (
    <>
      <h1>{t('ordersTitle')}</h1>
      <AccountNav current="orders" />
      <OrderFilter view={view} />
      {history.totalCount > 0 && (
        <p className="orders-count" data-testid="order-count">
          {t(filtered ? 'orderCountFiltered' : 'orderCount', { count: history.totalCount })}
        </p>
      )}
      {history.orders.length > 0 ? (
        <ul className="order-list order-list--wide" data-testid="order-list">
          {history.orders.map((order) => (
            <li key={order.orderNumber}>
              <OrderCard order={order} format={format} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="account-empty card card--quiet" data-testid="orders-empty">
          <p>{t(filtered ? 'ordersEmptyFiltered' : 'noOrdersYet')}</p>
          {filtered ? (
            <a href={ORDERS_PATH}>{t('orderFilterReset')}</a>
          ) : (
            <a className="button" href={mainPagePath(tenant)}>
              {t('continueShopping')}
            </a>
          )}
        </div>
      )}
      <Pagination
        page={view.page - 1}
        totalPages={totalPages}
        pageHref={(page) => ordersPageHref(view, page)}
      />
    </>
  );
}
