import type { StaffOrder } from '@shop/domain/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'use-intl';
import { useFormat } from '../i18n/format';
import { DataTable } from '../ui/DataTable';

type Line = StaffOrder['lines'][number];
type Payment = StaffOrder['payments'][number];
const lineColumn = createColumnHelper<Line>();
const paymentColumn = createColumnHelper<Payment>();

/** What the order sold: each line's product, number and amounts. */
export function OrderLines({ order }: { order: StaffOrder }) {
  const t = useTranslations('order.lineColumns');
  const format = useFormat();
  const money = (amount: number) => format.amount(amount, order.currency);
  const columns = [
    lineColumn.accessor((line) => line.brand.name, { id: 'brand', header: t('product') }),
    lineColumn.accessor('productId', { header: t('productId') }),
    lineColumn.accessor('kind', { header: t('kind') }),
    lineColumn.accessor('phoneNumber', { header: t('phoneNumber'), cell: (cell) => cell.getValue() ?? '' }),
    lineColumn.accessor('quantity', { header: t('quantity'), meta: { numeric: true } }),
    lineColumn.accessor('amount', {
      header: t('amount'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
    lineColumn.accessor('serviceFee', {
      header: t('serviceFee'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
    lineColumn.accessor('grossAmount', {
      header: t('grossAmount'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
  ];
  return <DataTable caption={t('caption')} columns={columns} data={order.lines} emptyText={t('empty')} />;
}

/** The order's payment attempts, with what was refunded and what still may be. */
export function OrderPayments({ order }: { order: StaffOrder }) {
  const t = useTranslations('order.paymentColumns');
  const format = useFormat();
  const money = (amount: number) => format.amount(amount, order.currency);
  const columns = [
    paymentColumn.accessor('method', { header: t('method') }),
    paymentColumn.accessor('status', {
      header: t('status'),
      cell: (cell) => <span className="badge">{cell.getValue()}</span>,
    }),
    paymentColumn.accessor('amount', {
      header: t('amount'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
    paymentColumn.accessor('refundedAmount', {
      header: t('refundedAmount'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
    paymentColumn.accessor('refundable', {
      header: t('refundable'),
      cell: (cell) => money(cell.getValue()),
      meta: { numeric: true },
    }),
    paymentColumn.accessor('createdAt', {
      header: t('created'),
      cell: (cell) => format.dateTime(cell.getValue()),
    }),
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      data={order.payments}
      emptyText={t('empty')}
      rowId={(payment) => payment.paymentId}
    />
  );
}
