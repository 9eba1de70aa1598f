import type { StaffOrderSummary } from '@shop/domain/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useTranslations } from 'use-intl';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';

const column = createColumnHelper<StaffOrderSummary>();

/** The columns of a list of orders: the number links to the order. */
export function useOrderColumns() {
  const t = useTranslations('orders.columns');
  const format = useFormat();
  const labels = useLabels();
  const shopName = useShopName();
  return [
    column.accessor('orderNumber', {
      header: t('orderNumber'),
      cell: (cell) => <Link to={`/orders/${encodeURIComponent(cell.getValue())}`}>{cell.getValue()}</Link>,
    }),
    column.accessor('shopId', { header: t('tenant'), cell: (cell) => shopName(cell.getValue()) }),
    column.accessor('orderStatus', {
      header: t('status'),
      cell: (cell) => <span className="badge">{labels.orderStatus(cell.getValue())}</span>,
    }),
    column.accessor('createdAt', { header: t('created'), cell: (cell) => format.dateTime(cell.getValue()) }),
    column.accessor('totalPrice', {
      header: t('total'),
      cell: (cell) => format.amount(cell.getValue(), cell.row.original.currency),
      meta: { numeric: true },
    }),
    column.accessor('phoneNumbers', {
      header: t('phoneNumbers'),
      cell: (cell) => cell.getValue().join(', '),
    }),
    column.accessor('email', { header: t('email'), cell: (cell) => cell.getValue() ?? '' }),
  ];
}
