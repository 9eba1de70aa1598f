'use client';

import type { CryptoCurrency } from '@shop/domain';
import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import type { CartSetup } from '../../lib/auto-topup-setup';
import { BankSelect } from './BankSelect';
import { CryptoCurrencyChoice } from './CryptoCurrencyChoice';
import { isSavable, savesMethodKey } from './payment-choice';

/**
 * What the chosen method of the shop's needs or says beneath the choice: the bank of online
 * banking, the currency of crypto, how a payment link works, and whether the method is kept
 * for later (a box to tick, or the note that a paid set-up keeps it).
 */
export function MethodDetails({
  method,
  setup,
  setupKind,
  canSave,
  savableMethods,
  bank,
  onBankChange,
  bankError,
  bankRef,
  crypto,
  onCryptoChange,
  savePayment,
  onSavePaymentChange,
}: {
  /** The shop's method chosen; undefined before a choice or with a saved method. */
  method: string | undefined;
  setup: CartSetup;
  setupKind: 'AUTOMATIC' | 'SMS';
  canSave: boolean;
  /** The tenant's methods that its provider can keep for later payments. */
  savableMethods: readonly string[];
  bank: string;
  onBankChange: (issuerId: string) => void;
  bankError: string | undefined;
  bankRef: Ref<HTMLSelectElement>;
  crypto: CryptoCurrency;
  onCryptoChange: (currency: CryptoCurrency) => void;
  savePayment: boolean;
  onSavePaymentChange: (savePayment: boolean) => void;
}) {
  const t = useTranslations('common');
  const savable = isSavable(method, savableMethods);
  return (
    <>
      {method === 'ideal' && (
        <BankSelect value={bank} onChange={onBankChange} error={bankError} selectRef={bankRef} />
      )}
      {method === 'crypto' && <CryptoCurrencyChoice value={crypto} onChange={onCryptoChange} />}
      {method === 'paymentlink' && <p className="field__hint">{t('paymentLinkExplained')}</p>}
      {savable && setup === 'none' && canSave && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={savePayment}
            onChange={(event) => onSavePaymentChange(event.target.checked)}
          />
          <span>{t('savePaymentMethod')}</span>
        </label>
      )}
      {savable && method && setup === 'paid' && (
        <p className="field__hint saves-method" data-testid="saves-method">
          {t(savesMethodKey(setupKind, method))}
        </p>
      )}
    </>
  );
}
