import {
  historyOffset,
  ORDER_HISTORY_PAGE_SIZE,
  type OrderHistoryView,
  readOrderHistoryView,
  statusesOfFilter,
} from '@shop/domain';
import type { OrderHistoryQuery } from '@shop/domain/contract';
import { queryValue, type SearchParams } from './page-query';

export const ORDERS_PATH = '/account/orders';

/** The history view the orders page's query asks for. */
export function orderHistoryView(params: SearchParams): OrderHistoryView {
  return readOrderHistoryView({
    page: queryValue(params, 'page'),
    from: queryValue(params, 'from'),
    to: queryValue(params, 'to'),
    status: queryValue(params, 'status'),
  });
}

/** The API's history call for a view (spec §7: offset = (page − 1) × 15), `size` orders from there. */
export function orderHistoryApiPath(view: OrderHistoryView, size = ORDER_HISTORY_PAGE_SIZE): string {
  const statuses = statusesOfFilter(view.status);
  const query: OrderHistoryQuery = {
    offset: historyOffset(view.page),
    size,
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
    ...(statuses ? { status: statuses.join(',') } : {}),
  };
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/api/shop/rest/orders/history?${params}`;
}

/** The orders page showing `page` of the view's filter; the first page and "all" are left out. */
export function ordersPageHref(view: OrderHistoryView, page = view.page): string {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.status !== 'all') params.set('status', view.status);
  if (page > 1) params.set('page', String(page));
  return params.size > 0 ? `${ORDERS_PATH}?${params}` : ORDERS_PATH;
}

/** The page of one order. */
export const orderPath = (orderNumber: string): string => `${ORDERS_PATH}/${encodeURIComponent(orderNumber)}`;
