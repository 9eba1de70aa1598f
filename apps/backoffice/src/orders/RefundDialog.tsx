import type { StaffOrder, StaffRefundAnswer } from '@shop/domain/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { isApiError } from '../api/http';
import { useFormat } from '../i18n/format';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { amountInput, parseAmount } from '../lib/money';
import { Dialog, DialogClose } from '../ui/Dialog';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { refundOrder } from './api';

/**
 * Refunds all or part of one payment of the order. The dialog holds one Idempotency-Key from the
 * moment it opens: sending it twice, or again after a lost answer, refunds once.
 */
export function RefundDialog({
  order,
  onClose,
  onRefunded,
}: {
  order: StaffOrder;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const t = useTranslations('order.refund');
  const format = useFormat();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refundable = order.payments.filter((payment) => payment.refundable > 0);
  const [paymentId, setPaymentId] = useState(refundable[0]?.paymentId ?? '');
  const payment = refundable.find((candidate) => candidate.paymentId === paymentId) ?? refundable[0];
  const left = payment?.refundable ?? 0;
  const [amount, setAmount] = useState(amountInput(left, order.currency));
  const [reason, setReason] = useState('');
  const [amountProblem, setAmountProblem] = useState('');
  const maximum = format.amount(left, order.currency);

  const refund = useMutation({
    mutationFn: (body: { amount: number; reason: string; paymentId?: string }) =>
      refundOrder(order.orderNumber, body, idempotencyKey),
    onSuccess: onRefunded,
    onError: (error) => {
      if (isApiError(error, 422, 'REFUND_AMOUNT_EXCEEDED')) setAmountProblem(t('exceeded', { maximum }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refund.isPending) return;
    const minorUnits = parseAmount(amount, order.currency);
    const problem =
      minorUnits === undefined
        ? t('amountUnreadable', { example: amountInput(500, order.currency) })
        : minorUnits <= 0
          ? t('amountZero')
          : minorUnits > left
            ? t('exceeded', { maximum })
            : '';
    setAmountProblem(problem);
    if (problem || minorUnits === undefined) return;
    refund.mutate({
      amount: minorUnits,
      reason: reason.trim(),
      ...(refundable.length > 1 ? { paymentId } : {}),
    });
  };

  return (
    <Dialog
      onClose={onClose}
      title={t('title', { orderNumber: order.orderNumber })}
      description={t('description')}
      testId="refund-dialog"
    >
      {refund.isSuccess ? (
        <RefundResult refund={refund.data} currency={order.currency} />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {refundable.length > 1 && (
            <fieldset className="choices">
              <legend>{t('payment')}</legend>
              {refundable.map((candidate) => (
                <label key={candidate.paymentId} className="choice">
                  <input
                    type="radio"
                    name="payment"
                    value={candidate.paymentId}
                    checked={candidate.paymentId === paymentId}
                    onChange={() => {
                      setPaymentId(candidate.paymentId);
                      setAmount(amountInput(candidate.refundable, order.currency));
                    }}
                  />
                  {t('paymentChoice', {
                    method: candidate.method,
                    refundable: format.amount(candidate.refundable, order.currency),
                  })}
                </label>
              ))}
            </fieldset>
          )}
          <Field
            label={t('amount', { currency: order.currency })}
            hint={t('amountHint', { maximum })}
            error={amountProblem}
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('reason')} hint={t('reasonHint')}>
            {(control) => (
              <textarea
                {...control}
                required
                maxLength={500}
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          {refund.isError && !isApiError(refund.error, 422, 'REFUND_AMOUNT_EXCEEDED') && (
            <ErrorNotice error={refund.error} />
          )}
          <div className="dialog-buttons">
            <DialogClose className="button">{t('cancel')}</DialogClose>
            <button
              type="submit"
              className="button button-primary"
              disabled={refund.isPending || reason.trim() === ''}
            >
              {refund.isPending ? t('refunding') : t('submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RefundResult({ refund, currency }: { refund: StaffRefundAnswer; currency: string }) {
  const t = useTranslations('order.refund');
  const format = useFormat();
  return (
    <>
      <p
        className={refund.status === 'FAILED' ? 'notice notice-error' : 'notice notice-success'}
        role="status"
      >
        {t(`result.${refund.status}`, { amount: format.amount(refund.amount, currency) })}
      </p>
      <div className="dialog-buttons">
        <DialogClose className="button button-primary">{t('close')}</DialogClose>
      </div>
    </>
  );
}
