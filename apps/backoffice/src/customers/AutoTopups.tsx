import type { StaffCustomer } from '@shop/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';
import { useMay } from '../session/session';
import { DataTable } from '../ui/DataTable';
import { Dialog, DialogClose } from '../ui/Dialog';
import { useErrorText } from '../ui/ErrorNotice';
import { changeAutoTopup, customerKey } from './api';
import { type AutoTopupAction, autoTopupActions, STATUS_OF_ACTION } from './auto-topup-actions';

type AutoTopup = StaffCustomer['autoTopups'][number];
const column = createColumnHelper<AutoTopup>();

/** The account's automatic top-ups; customer service pauses, resumes or deletes them for the shopper. */
export function AutoTopups({ customer }: { customer: StaffCustomer }) {
  const t = useTranslations('customer.autoTopup');
  const format = useFormat();
  const labels = useLabels();
  const may = useMay();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const [toDelete, setToDelete] = useState<AutoTopup | null>(null);
  const manages = may('customers.manage', customer.shopId);

  const change = useMutation({
    mutationFn: ({ autoTopup, action }: { autoTopup: AutoTopup; action: AutoTopupAction }) =>
      changeAutoTopup(customer.customerId, autoTopup.autoTopupId, STATUS_OF_ACTION[action]),
    onMutate: () => {
      setDone('');
      setFailed('');
    },
    onSuccess: (_, { autoTopup, action }) => {
      setToDelete(null);
      setDone(t(`done.${action}`, { msisdn: autoTopup.msisdn }));
    },
    // The shop's rules are the shopper's: one that may not pause, may not be paused by staff either.
    onError: (error) => setFailed(isApiError(error, 400) ? t('refusedByShop') : errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKey(customer.customerId) }),
  });
  const act = (autoTopup: AutoTopup, action: AutoTopupAction) => {
    if (action === 'delete') {
      setFailed('');
      setToDelete(autoTopup);
    } else change.mutate({ autoTopup, action });
  };

  const columns = [
    column.accessor('msisdn', { header: t('phoneNumber') }),
    column.accessor('autoTopupType', { header: t('type') }),
    column.accessor('amount', {
      header: t('amount'),
      cell: (cell) => format.amount(cell.getValue(), cell.row.original.currency),
      meta: { numeric: true },
    }),
    column.accessor('status', {
      header: t('status'),
      cell: (cell) => <span className="badge">{labels.autoTopupStatus(cell.getValue())}</span>,
    }),
    column.accessor('paymentTokenName', { header: t('method') }),
    column.accessor('nextRunAt', {
      header: t('nextRun'),
      cell: (cell) => {
        const next = cell.getValue();
        return next ? format.dateTime(next) : '';
      },
    }),
    ...(manages
      ? [
          column.display({
            id: 'actions',
            header: t('actions'),
            cell: ({ row: { original: autoTopup } }) => (
              <div className="button-row">
                {autoTopupActions(autoTopup.status, { pauseAllowed: customer.autoTopupPauseAllowed }).map(
                  (action) => (
                    <button
                      key={action}
                      type="button"
                      className={action === 'delete' ? 'button button-danger' : 'button'}
                      disabled={change.isPending}
                      aria-label={t(`${action}Label`, { msisdn: autoTopup.msisdn })}
                      onClick={() => act(autoTopup, action)}
                    >
                      {t(action)}
                    </button>
                  ),
                )}
              </div>
            ),
          }),
        ]
      : []),
  ];

  return (
    <>
      <DataTable
        caption={t('caption')}
        columns={columns}
        data={customer.autoTopups}
        emptyText={t('empty')}
        rowId={(autoTopup) => autoTopup.autoTopupId}
      />
      <p className="notice-slot" role="status">
        {done && <span className="notice notice-success">{done}</span>}
      </p>
      <div className="notice-slot" role="alert">
        {failed && <p className="notice notice-error">{failed}</p>}
      </div>
      {toDelete && (
        <Dialog
          onClose={() => setToDelete(null)}
          title={t('deleteTitle')}
          description={t('deleteDescription', { msisdn: toDelete.msisdn })}
        >
          {failed && (
            <p className="notice notice-error" role="alert">
              {failed}
            </p>
          )}
          <div className="dialog-buttons">
            <DialogClose className="button">{t('keep')}</DialogClose>
            <button
              type="button"
              className="button button-danger"
              disabled={change.isPending}
              onClick={() => change.mutate({ autoTopup: toDelete, action: 'delete' })}
            >
              {t('confirmDelete')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
