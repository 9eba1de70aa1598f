import type { StaffMemberView } from '@shop/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useShopName } from '../api/shops';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';
import { useStaff } from '../session/session';
import { DataTable } from '../ui/DataTable';
import { ErrorNotice, useErrorText } from '../ui/ErrorNotice';
import { Loading } from '../ui/Loading';
import { Page } from '../ui/Page';
import { AddStaffDialog } from './AddStaffDialog';
import { changeStaffMember, STAFF_KEY, useStaffMembers } from './api';

const column = createColumnHelper<StaffMemberView>();

/** The platform's staff, for an admin to add, disable and enable again. */
export function StaffPage() {
  const t = useTranslations('staff');
  const format = useFormat();
  const labels = useLabels();
  const shopName = useShopName();
  const me = useStaff();
  const members = useStaffMembers();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');

  const change = useMutation({
    mutationFn: (member: StaffMemberView) => changeStaffMember(member.staffId, member.disabledAt === null),
    onMutate: () => {
      setDone('');
      setFailed('');
    },
    onSuccess: (changed) => setDone(t(changed.disabledAt ? 'disabled' : 'enabled', { email: changed.email })),
    onError: (error) => setFailed(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });

  const columns = [
    column.accessor('email', { header: t('columns.email') }),
    column.accessor('role', { header: t('columns.role'), cell: (cell) => labels.role(cell.getValue()) }),
    column.accessor('shopIds', {
      header: t('columns.tenants'),
      cell: (cell) => cell.getValue().map(shopName).join(', ') || t('allTenants'),
    }),
    column.accessor('createdAt', {
      header: t('columns.created'),
      cell: (cell) => format.date(cell.getValue()),
    }),
    column.accessor('disabledAt', {
      header: t('columns.status'),
      cell: (cell) => {
        const disabledAt = cell.getValue();
        return (
          <span className="badge">
            {disabledAt ? t('disabledSince', { date: format.date(disabledAt) }) : t('active')}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      cell: ({ row: { original: member } }) =>
        member.email === me.email ? (
          <span className="field-hint">{t('you')}</span>
        ) : (
          <button
            type="button"
            className={member.disabledAt ? 'button' : 'button button-danger'}
            disabled={change.isPending}
            aria-label={t(member.disabledAt ? 'enableLabel' : 'disableLabel', { email: member.email })}
            onClick={() => change.mutate(member)}
          >
            {t(member.disabledAt ? 'enable' : 'disable')}
          </button>
        ),
    }),
  ];

  return (
    <Page
      title={t('title')}
      actions={
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          {t('add')}
        </button>
      }
    >
      <p className="notice-slot" role="status">
        {done && <span className="notice notice-success">{done}</span>}
      </p>
      <div className="notice-slot" role="alert">
        {failed && <p className="notice notice-error">{failed}</p>}
      </div>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <ErrorNotice error={members.error} />
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          data={members.data.items}
          emptyText={t('empty')}
          rowId={(member) => member.staffId}
        />
      )}
      {adding && (
        <AddStaffDialog
          onClose={() => setAdding(false)}
          onAdded={() => queryClient.invalidateQueries({ queryKey: STAFF_KEY })}
        />
      )}
    </Page>
  );
}
