'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import type { CartSetup } from '../../lib/auto-topup-setup';
import { ApplePayButton } from './ApplePayButton';
import { newMethod, payButtonKey } from './payment-choice';
import type { PaymentSelection } from './payment-form-state';

/** The button that sends the payment form, in words that say what it does; Apple Pay's own button for Apple Pay. */
export function PayButton({
  payment,
  setup,
  amount,
  busy,
  buttonRef,
}: {
  payment: PaymentSelection | undefined;
  setup: CartSetup;
  /** The amount due, as the shopper reads it. */
  amount: string;
  busy: boolean;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  const t = useTranslations('common');
  if (newMethod(payment) === 'applepay') return <ApplePayButton disabled={busy} buttonRef={buttonRef} />;
  const key = payButtonKey(setup, payment);
  return (
    <button ref={buttonRef} type="submit" className="button pay-button" disabled={busy}>
      {key === 'createPaymentLink' ? t(key, { amount }) : t(key)}
    </button>
  );
}
