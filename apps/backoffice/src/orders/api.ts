import type {
  OrderSearchQuery,
  RevealPinsAnswer,
  StaffOrder,
  StaffOrdersAnswer,
  StaffRefundAnswer,
  StaffRefundRequest,
} from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { backofficeCall } from '../api/http';
import { filtersQuery } from '../lib/filters';

const orderPath = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

export const orderKey = (orderNumber: string) => ['order', orderNumber] as const;

export type OrderSearchFilters = Partial<Pick<OrderSearchQuery, 'shopId' | 'q' | 'from' | 'to'>> & {
  status?: string;
};

export function useOrders(filters: OrderSearchFilters, page: { offset: number; size: number }) {
  return useQuery({
    queryKey: ['orders', filters, page],
    queryFn: () =>
      backofficeCall<StaffOrdersAnswer>('GET', '/orders', { query: filtersQuery({ ...filters, ...page }) }),
    placeholderData: (previous) => previous,
  });
}

export function useOrder(orderNumber: string) {
  return useQuery({
    queryKey: orderKey(orderNumber),
    queryFn: () => backofficeCall<StaffOrder>('GET', orderPath(orderNumber)),
  });
}

/** A refund of the order, once per key: the same key again answers the same refund. */
export const refundOrder = (orderNumber: string, body: StaffRefundRequest, idempotencyKey: string) =>
  backofficeCall<StaffRefundAnswer>('POST', `${orderPath(orderNumber)}/refunds`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const resendReceipt = (orderNumber: string) =>
  backofficeCall<undefined>('POST', `${orderPath(orderNumber)}/resend-receipt`);

export const retryDelivery = (orderNumber: string) =>
  backofficeCall<undefined>('POST', `${orderPath(orderNumber)}/retry-delivery`);

export const resendPins = (orderNumber: string) =>
  backofficeCall<undefined>('POST', `${orderPath(orderNumber)}/resend-pins`);

export const revealPins = (orderNumber: string, reason: string) =>
  backofficeCall<RevealPinsAnswer>('POST', `${orderPath(orderNumber)}/reveal-pins`, { body: { reason } });
