import type { StaffCustomersAnswer } from '@shop/domain/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslations } from 'use-intl';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import type { Filters } from '../lib/filters';
import { useListSearch } from '../lib/use-list-search';
import { DataTable } from '../ui/DataTable';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { Loading } from '../ui/Loading';
import { Page } from '../ui/Page';
import { Pagination } from '../ui/Pagination';
import { ShopSelect } from '../ui/ShopSelect';
import { useCustomers } from './api';

const FILTER_KEYS = ['q', 'shopId'] as const;
type Customer = StaffCustomersAnswer['items'][number];
const column = createColumnHelper<Customer>();

export function CustomersPage() {
  const t = useTranslations('customers');
  const format = useFormat();
  const shopName = useShopName();
  const { filters, page, formKey, search, turnTo } = useListSearch(FILTER_KEYS);
  const customers = useCustomers(filters, page);
  const columns = [
    column.accessor((customer) => customer.email ?? customer.phoneNumber ?? customer.customerId, {
      id: 'account',
      header: t('columns.account'),
      cell: (cell) => <Link to={`/customers/${cell.row.original.customerId}`}>{cell.getValue()}</Link>,
    }),
    column.accessor('phoneNumber', {
      header: t('columns.phoneNumber'),
      cell: (cell) => cell.getValue() ?? '',
    }),
    column.accessor('shopId', { header: t('columns.tenant'), cell: (cell) => shopName(cell.getValue()) }),
    column.accessor('createdAt', {
      header: t('columns.created'),
      cell: (cell) => format.dateTime(cell.getValue()),
    }),
  ];
  return (
    <Page title={t('title')}>
      <CustomerFilters key={formKey} initial={filters} onSearch={search} />
      {customers.isPending ? (
        <Loading />
      ) : customers.isError ? (
        <ErrorNotice error={customers.error} />
      ) : (
        <>
          <DataTable
            caption={t('caption')}
            columns={columns}
            data={customers.data.items}
            emptyText={t('empty')}
            rowId={(customer) => customer.customerId}
          />
          <Pagination {...page} totalCount={customers.data.totalCount} onOffset={turnTo} />
        </>
      )}
    </Page>
  );
}

function CustomerFilters({
  initial,
  onSearch,
}: {
  initial: Filters<(typeof FILTER_KEYS)[number]>;
  onSearch: (filters: Filters<(typeof FILTER_KEYS)[number]>) => void;
}) {
  const t = useTranslations('customers.filters');
  const [q, setQ] = useState(initial.q ?? '');
  const [shopId, setShopId] = useState(initial.shopId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q, shopId });
  };
  return (
    <search aria-label={t('label')}>
      <form className="filters" onSubmit={submit}>
        <div className="filters-search">
          <Field label={t('q')} hint={t('qHint')}>
            {(control) => (
              <input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
            )}
          </Field>
        </div>
        <Field label={t('tenant')}>
          {(control) => <ShopSelect {...control} value={shopId} onChange={setShopId} />}
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('search')}
          </button>
        </div>
      </form>
    </search>
  );
}
