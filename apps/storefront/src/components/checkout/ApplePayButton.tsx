import { useTranslations } from 'next-intl';
import type { Ref } from 'react';

/** The Apple Pay button: submits the payment form, which starts an Apple Pay payment. */
export function ApplePayButton({
  disabled,
  buttonRef,
}: {
  disabled: boolean;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  const t = useTranslations('common');
  return (
    <button ref={buttonRef} type="submit" className="apple-pay-button" disabled={disabled}>
      <svg viewBox="0 0 14 17" width="14" height="17" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 4.3C5.9 3.6 4.5 3.4 3.5 3.9 1.6 4.8 1.1 7.2 1.9 9.6c.7 2.2 2.1 4.3 3.5 4.3.6 0 1-.4 1.6-.4s1 .4 1.6.4c1.4 0 2.8-2.1 3.5-4.3.8-2.4.3-4.8-1.6-5.7-1-.5-2.4-.3-3.5.4zM7.2 3.5C7.2 1.9 8.3.6 9.8.4c0 1.6-1.1 2.9-2.6 3.1z"
        />
      </svg>
      <span>{t('payWithApplePay')}</span>
    </button>
  );
}
