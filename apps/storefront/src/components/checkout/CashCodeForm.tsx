'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type Ref, useRef, useState } from 'react';
import { EMAIL } from '../forms/email';
import { useHydrated } from '../forms/useHydrated';
import { CASH_CODE_PAYMENT_METHOD, type PaymentChoice } from './checkout-flow';
import { ReceiptEmailField } from './ReceiptEmailField';

/** A cart of cash-code top-ups: the codes pay for it, so there is no method to choose, only redeem. */
export function CashCodeForm({
  busy,
  onRedeem,
  redeemButtonRef,
}: {
  busy: boolean;
  onRedeem: (choice: PaymentChoice) => void;
  redeemButtonRef: Ref<HTMLButtonElement>;
}) {
  const t = useTranslations('common');
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!EMAIL.test(email.trim())) {
      setError(t('emailInvalid'));
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    onRedeem({ email: email.trim(), paymentMethod: CASH_CODE_PAYMENT_METHOD, savePayment: false });
  }

  return (
    <form className="payment-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="cash-code-form">
      <h2>{t('cashCodeFormTitle')}</h2>
      <fieldset className="payment-form__fields" disabled={!hydrated}>
        <p className="field__hint">{t('cashCodeExplained')}</p>
        <ReceiptEmailField value={email} onChange={setEmail} error={error} inputRef={emailRef} />
        <button ref={redeemButtonRef} type="submit" className="button pay-button" disabled={busy}>
          {t('redeemCashCode')}
        </button>
      </fieldset>
      <p role="status" className="visually-hidden">
        {busy ? t('cashCodeBusy') : ''}
      </p>
    </form>
  );
}
