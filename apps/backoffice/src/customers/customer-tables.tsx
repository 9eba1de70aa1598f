import type { StaffCustomer } from '@shop/domain/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'use-intl';
import { useFormat } from '../i18n/format';
import { DataTable } from '../ui/DataTable';

type SavedMethod = StaffCustomer['savedMethods'][number];
type SmsTopup = StaffCustomer['smsTopups'][number];
const methodColumn = createColumnHelper<SavedMethod>();
const smsColumn = createColumnHelper<SmsTopup>();

/** The account's saved payment methods as the account area shows them: masked, never the token. */
export function SavedMethods({ methods }: { methods: StaffCustomer['savedMethods'] }) {
  const t = useTranslations('customer.methodColumns');
  const format = useFormat();
  const columns = [
    methodColumn.accessor('name', { header: t('name') }),
    methodColumn.accessor('method', { header: t('method') }),
    methodColumn.accessor((method) => [method.cardBrand, method.cardLast4 && `•••• ${method.cardLast4}`], {
      id: 'card',
      header: t('card'),
      cell: (cell) => cell.getValue().filter(Boolean).join(' '),
    }),
    methodColumn.accessor('cardExpiryDate', { header: t('expiry'), cell: (cell) => cell.getValue() ?? '' }),
    methodColumn.accessor('status', {
      header: t('status'),
      cell: (cell) => <span className="badge">{cell.getValue()}</span>,
    }),
    methodColumn.accessor('inUse', {
      header: t('inUse'),
      cell: (cell) => (cell.getValue() ? t('yes') : t('no')),
    }),
    methodColumn.accessor('createdAt', {
      header: t('created'),
      cell: (cell) => format.date(cell.getValue()),
    }),
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      data={methods}
      emptyText={t('empty')}
      rowId={(method) => method.id}
    />
  );
}

/** The numbers the shopper tops up by text message, and whether wrong PINs locked them. */
export function SmsTopups({ topups }: { topups: StaffCustomer['smsTopups'] }) {
  const t = useTranslations('customer.smsColumns');
  const format = useFormat();
  const columns = [
    smsColumn.accessor('msisdn', { header: t('phoneNumber') }),
    smsColumn.accessor('status', {
      header: t('status'),
      cell: (cell) => <span className="badge">{cell.getValue()}</span>,
    }),
    smsColumn.accessor('brand', { header: t('brand') }),
    smsColumn.accessor('shortNumber', { header: t('shortNumber') }),
    smsColumn.accessor('paymentTokenName', { header: t('method') }),
    smsColumn.accessor('createdAt', { header: t('created'), cell: (cell) => format.date(cell.getValue()) }),
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      data={topups}
      emptyText={t('empty')}
      rowId={(topup) => String(topup.index)}
    />
  );
}
