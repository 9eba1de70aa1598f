import type { AuditAnswer, AuditEntryView } from '@shop/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'use-intl';
import { backofficeCall } from '../api/http';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';
import { filtersQuery } from '../lib/filters';
import { useListSearch } from '../lib/use-list-search';
import { DataTable } from '../ui/DataTable';
import { InlineDetail } from '../ui/DetailList';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { Loading } from '../ui/Loading';
import { Page } from '../ui/Page';
import { Pagination } from '../ui/Pagination';
import { ShopSelect } from '../ui/ShopSelect';

const FILTER_KEYS = ['shopId'] as const;
const column = createColumnHelper<AuditEntryView>();

/** The audit log, newest first: who did what, to what, and why. */
export function AuditPage() {
  const t = useTranslations('audit');
  const format = useFormat();
  const labels = useLabels();
  const shopName = useShopName();
  const { filters, page, search, turnTo } = useListSearch(FILTER_KEYS);
  const audit = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () =>
      backofficeCall<AuditAnswer>('GET', '/audit', { query: filtersQuery({ ...filters, ...page }) }),
    placeholderData: (previous) => previous,
  });
  const columns = [
    column.accessor('at', { header: t('columns.at'), cell: (cell) => format.dateTime(cell.getValue()) }),
    column.accessor('staff', { header: t('columns.staff') }),
    column.accessor('action', { header: t('columns.action'), cell: (cell) => labels.kind(cell.getValue()) }),
    column.accessor('target', { header: t('columns.target') }),
    column.accessor('shopId', {
      header: t('columns.tenant'),
      cell: (cell) => shopName(cell.getValue()) || t('platform'),
    }),
    column.accessor('detail', {
      header: t('columns.detail'),
      cell: (cell) => {
        const { reason, ...rest } = cell.getValue();
        return (
          <>
            {typeof reason === 'string' && <p className="audit-reason">{t('reason', { reason })}</p>}
            <InlineDetail detail={rest} />
          </>
        );
      },
    }),
  ];
  return (
    <Page title={t('title')}>
      <search className="filters" aria-label={t('filterLabel')}>
        <Field label={t('tenant')}>
          {(control) => (
            <ShopSelect {...control} value={filters.shopId ?? ''} onChange={(shopId) => search({ shopId })} />
          )}
        </Field>
      </search>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <ErrorNotice error={audit.error} />
      ) : (
        <>
          <DataTable
            caption={t('caption')}
            columns={columns}
            data={audit.data.items}
            emptyText={t('empty')}
          />
          <Pagination {...page} totalCount={audit.data.totalCount} onOffset={turnTo} />
        </>
      )}
    </Page>
  );
}
