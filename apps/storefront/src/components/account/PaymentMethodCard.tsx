'use client';

import type { PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { PaymentMethodRenameForm } from './PaymentMethodRenameForm';
import { AUTO_TOPUPS_PATH, cardBrandName, isExpired, methodArt, nameIsDefault } from './payment-methods';

export interface PaymentMethodCardProps {
  token: PaymentToken;
  /** Whether the page's script runs (the actions need it). */
  hydrated: boolean;
  onRenamed: (token: PaymentToken) => void;
  /** Asks to delete the method; focus goes back to `opener` if the shopper keeps it. */
  onDelete: (token: PaymentToken, opener: RefObject<HTMLButtonElement | null>) => void;
  /** A call the API refused, for the page to say so (or to sign in again). */
  onRefused: (status: number, code: string | undefined) => void;
}

/**
 * One saved method: its card scheme's badge or the method's icon, the name the shopper gave it,
 * the card's last digits and expiry, whether an automatic top-up charges it, and its actions:
 * rename in place, delete (after a confirm; not while an automatic top-up charges it, which the
 * button says).
 */
export function PaymentMethodCard({
  token,
  hydrated,
  onRenamed,
  onDelete,
  onRefused,
}: PaymentMethodCardProps) {
  const t = useTranslations('common');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const inUseNote = `${id}-in-use`;
  // Once the name is back in place, focus returns to the button the form was opened with.
  const [refocus, setRefocus] = useState(false);

  useEffect(() => {
    if (!refocus || editing) return;
    renameButton.current?.focus();
    setRefocus(false);
  }, [refocus, editing]);

  function stopEditing() {
    setEditing(false);
    setRefocus(true);
  }

  return (
    <li className="payment-method" data-testid="payment-method">
      {/* biome-ignore lint/performance/noImgElement: card scheme and method badges are small SVGs */}
      <img className="payment-method__art" src={methodArt(token)} alt="" width={48} height={32} />
      {editing ? (
        <PaymentMethodRenameForm
          token={token}
          onDone={(renamed) => {
            if (renamed) onRenamed(renamed);
            stopEditing();
          }}
          onRefused={onRefused}
        />
      ) : (
        <h3 className="payment-method__name">{token.name}</h3>
      )}
      <MethodDetails token={token} />
      {token.inUse && (
        <p className="payment-method__badge">
          <span className="badge">{t('paymentMethodInUse')}</span>
        </p>
      )}
      {!editing && (
        <div className="payment-method__actions">
          <button
            ref={renameButton}
            type="button"
            className="payment-method__action"
            aria-label={t('paymentMethodRenameNamed', { name: token.name })}
            disabled={!hydrated}
            onClick={() => setEditing(true)}
          >
            {t('paymentMethodRename')}
          </button>
          <button
            ref={deleteButton}
            type="button"
            className="payment-method__action"
            aria-label={t('paymentMethodDeleteNamed', { name: token.name })}
            aria-disabled={token.inUse || undefined}
            aria-describedby={token.inUse ? inUseNote : undefined}
            aria-haspopup={token.inUse ? undefined : 'dialog'}
            disabled={!hydrated}
            onClick={() => {
              if (!token.inUse) onDelete(token, deleteButton);
            }}
          >
            {t('paymentMethodDelete')}
          </button>
        </div>
      )}
      {token.inUse && (
        <p className="payment-method__note" id={inUseNote}>
          {t('usedPaymentTokenError')} <a href={AUTO_TOPUPS_PATH}>{t('paymentMethodManageAutoTopups')}</a>
        </p>
      )}
    </li>
  );
}

/** "Visa •••• 1111" (where the name does not say it) above "Expires 12/30", or the method. */
function MethodDetails({ token }: { token: PaymentToken }) {
  const t = useTranslations('common');
  if (!token.cardLast4) {
    // A PayPal account the shopper has not named needs no second "PayPal".
    return nameIsDefault(token) ? null : (
      <p className="payment-method__details">{t(`paymentMethod_${token.method}`)}</p>
    );
  }
  const brand = cardBrandName(token.cardBrand) ?? t('paymentMethod_creditcard');
  const expiry = token.cardExpiryDate;
  const expired = isExpired(expiry, new Date());
  return (
    <p className="payment-method__details">
      {!nameIsDefault(token) && (
        <span className="payment-method__number">
          <span aria-hidden="true">
            {brand} •••• {token.cardLast4}
          </span>
          <span className="visually-hidden">
            {t('paymentMethodCardEndingIn', { brand, last4: token.cardLast4 })}
          </span>
        </span>
      )}
      {expiry && (
        <span
          className={`payment-method__expiry${expired ? ' payment-method__expiry--past' : ''}`}
          data-testid="payment-method-expiry"
        >
          {t(expired ? 'paymentMethodExpired' : 'paymentMethodExpires', { date: expiry })}
        </span>
      )}
    </p>
  );
}
