import type { StaffOrder } from '@shop/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useMay } from '../session/session';
import { useErrorText } from '../ui/ErrorNotice';
import { Section } from '../ui/Page';
import { orderKey, resendPins, resendReceipt, retryDelivery } from './api';
import { RefundDialog } from './RefundDialog';
import { RevealPinsDialog } from './RevealPinsDialog';

const SIMPLE_ACTIONS = { resendReceipt, retryDelivery, resendPins } as const;
type SimpleAction = keyof typeof SIMPLE_ACTIONS;

/**
 * What staff may do with the order: each action is shown only when the role allows it for the
 * order's tenant and the order allows it now. After each, the order is read again: its timeline
 * shows the action.
 */
export function OrderActions({ order }: { order: StaffOrder }) {
  const t = useTranslations('order.actions');
  const may = useMay();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const [dialog, setDialog] = useState<'refund' | 'revealPins' | null>(null);
  const refreshOrder = () => queryClient.invalidateQueries({ queryKey: orderKey(order.orderNumber) });

  const action = useMutation({
    mutationFn: (name: SimpleAction) => SIMPLE_ACTIONS[name](order.orderNumber),
    onMutate: () => {
      setDone('');
      setFailed('');
    },
    onSuccess: (_, name) => setDone(t(`${name}.done`)),
    onError: (error) => setFailed(errorText(error)),
    onSettled: refreshOrder,
  });

  const shown = {
    refund: may('orders.refund', order.shopId) && order.payments.some((payment) => payment.refundable > 0),
    resendReceipt: may('orders.resend', order.shopId) && order.receiptAvailable,
    retryDelivery: may('orders.retry', order.shopId) && order.deliveryStuck,
    resendPins: may('orders.resend', order.shopId) && order.voucherCount > 0,
    revealPins: may('pins.reveal', order.shopId) && order.voucherCount > 0,
  };
  if (!Object.values(shown).some(Boolean)) return null;

  const simple = (name: SimpleAction) =>
    shown[name] && (
      <ActionItem
        key={name}
        label={t(`${name}.button`)}
        hint={t(`${name}.hint`)}
        disabled={action.isPending}
        onClick={() => action.mutate(name)}
      />
    );

  return (
    <Section title={t('title')}>
      <ul className="actions">
        {shown.refund && (
          <ActionItem
            label={t('refund.button')}
            hint={t('refund.hint')}
            onClick={() => setDialog('refund')}
          />
        )}
        {simple('resendReceipt')}
        {simple('retryDelivery')}
        {simple('resendPins')}
        {shown.revealPins && (
          <ActionItem
            label={t('revealPins.button')}
            hint={t('revealPins.hint')}
            onClick={() => setDialog('revealPins')}
          />
        )}
      </ul>
      <p className="notice-slot" role="status">
        {done && <span className="notice notice-success">{done}</span>}
      </p>
      <div className="notice-slot" role="alert">
        {failed && <p className="notice notice-error">{failed}</p>}
      </div>
      {dialog === 'refund' && (
        <RefundDialog order={order} onClose={() => setDialog(null)} onRefunded={refreshOrder} />
      )}
      {dialog === 'revealPins' && (
        <RevealPinsDialog order={order} onClose={() => setDialog(null)} onRevealed={refreshOrder} />
      )}
    </Section>
  );
}

function ActionItem({
  label,
  hint,
  disabled,
  onClick,
}: {
  label: string;
  hint: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const hintId = useId();
  return (
    <li className="action">
      <button
        type="button"
        className="button"
        aria-describedby={hintId}
        disabled={disabled}
        onClick={onClick}
      >
        {label}
      </button>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
    </li>
  );
}
