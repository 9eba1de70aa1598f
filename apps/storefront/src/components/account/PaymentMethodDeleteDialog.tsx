'use client';

import { messageKeyFor } from '@shop/domain';
import { deletedAnswerSchema, type PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type RefObject, useRef, useState } from 'react';
import { callShopApi } from '../../lib/shop-api';
import { DialogDescription, DialogTitle, ModalDialog } from '../ui/ModalDialog';
import { PAYMENT_TOKENS_API } from './payment-methods';

interface DeleteDialogProps {
  token: PaymentToken;
  onDeleted: () => void;
  /** The method turned out to be charged by an automatic top-up since the page was loaded. */
  onInUse: () => void;
  onRefused: (status: number, code: string | undefined) => void;
  onClose: () => void;
  /** Where focus goes when the shopper keeps the method. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The confirm step before a saved method is deleted; the API's refusal is said inside it. */
export function PaymentMethodDeleteDialog({
  token,
  onDeleted,
  onInUse,
  onRefused,
  onClose,
  returnFocusTo,
}: DeleteDialogProps) {
  const t = useTranslations('common');
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const deleted = useRef(false);

  function close() {
    if (!busy) onClose();
  }

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    const result = await callShopApi(PAYMENT_TOKENS_API.delete, deletedAnswerSchema, {
      method: 'POST',
      body: JSON.stringify({ id: token.paymentTokenId }),
    });
    setBusy(false);
    if (result.ok) {
      deleted.current = true;
      onDeleted();
      return;
    }
    if (result.code === 'DISALLOWED_PAYMENT_TOKEN_ID') onInUse();
    if (result.status === 401 || result.code === 'UNKNOWN_PAYMENT_TOKEN_ID') {
      onRefused(result.status, result.code);
      return;
    }
    setRefusal(messageKeyFor(result.code));
  }

  return (
    <ModalDialog
      className="privacy-dialog payment-method-dialog"
      testId="payment-method-delete-dialog"
      onClose={close}
      // The safe choice of a destructive step has focus first.
      focusOnOpen={() => keep.current}
      focusOnClose={() => (deleted.current ? undefined : returnFocusTo.current)}
    >
      <DialogTitle>{t('paymentMethodDeleteTitle')}</DialogTitle>
      <DialogDescription>{t('paymentMethodDeleteText', { name: token.name })}</DialogDescription>
      {refusal && (
        <p className="account-form__error" role="alert">
          {t(refusal)}
        </p>
      )}
      <div className="privacy-dialog__actions">
        {!refusal && (
          <button type="button" className="button" onClick={confirm} aria-busy={busy}>
            {t(busy ? 'paymentMethodDeleting' : 'paymentMethodDeleteConfirm')}
          </button>
        )}
        <button ref={keep} type="button" className="link-button" onClick={close}>
          {t(refusal ? 'paymentMethodDialogClose' : 'paymentMethodKeep')}
        </button>
      </div>
    </ModalDialog>
  );
}
