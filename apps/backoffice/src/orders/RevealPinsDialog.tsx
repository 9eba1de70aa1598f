import type { StaffOrder } from '@shop/domain/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useFormat } from '../i18n/format';
import { Dialog, DialogClose } from '../ui/Dialog';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { revealPins } from './api';

const MIN_REASON = 3;

/**
 * Shows the order's voucher PINs in the clear, for a reason the audit log keeps. The PINs live in
 * this dialog only: the call's answer is kept in no cache and goes when the dialog closes.
 */
export function RevealPinsDialog({
  order,
  onClose,
  onRevealed,
}: {
  order: StaffOrder;
  onClose: () => void;
  onRevealed: () => void;
}) {
  const t = useTranslations('order.revealPins');
  const format = useFormat();
  const [reason, setReason] = useState('');
  const reveal = useMutation({
    mutationFn: (why: string) => revealPins(order.orderNumber, why),
    onSuccess: onRevealed,
    gcTime: 0,
  });
  const close = () => {
    reveal.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reveal.isPending && reason.trim().length >= MIN_REASON) reveal.mutate(reason.trim());
  };

  return (
    <Dialog
      onClose={close}
      title={t('title', { orderNumber: order.orderNumber })}
      description={t('description')}
      testId="reveal-pins-dialog"
    >
      {reveal.isSuccess ? (
        <>
          <ul className="pins">
            {reveal.data.vouchers.map((voucher) => (
              <li key={`${voucher.productId}:${voucher.pin}`} className="pin">
                <span className="pin-brand">{voucher.brand?.name ?? voucher.productId}</span>
                <code className="pin-code">{voucher.pin}</code>
                <span className="field-hint">
                  {voucher.serial && t('serial', { serial: voucher.serial })}{' '}
                  {voucher.validUntil && t('validUntil', { date: format.date(voucher.validUntil) })}
                </span>
              </li>
            ))}
          </ul>
          <div className="dialog-buttons">
            <DialogClose className="button button-primary">{t('close')}</DialogClose>
          </div>
        </>
      ) : (
        <form className="form" onSubmit={submit}>
          <Field label={t('reason')} hint={t('reasonHint', { min: MIN_REASON })}>
            {(control) => (
              <textarea
                {...control}
                required
                minLength={MIN_REASON}
                maxLength={500}
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          {reveal.isError && <ErrorNotice error={reveal.error} />}
          <div className="dialog-buttons">
            <DialogClose className="button">{t('cancel')}</DialogClose>
            <button
              type="submit"
              className="button button-primary"
              disabled={reveal.isPending || reason.trim().length < MIN_REASON}
            >
              {t('submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
