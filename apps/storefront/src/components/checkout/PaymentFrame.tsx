'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFocusOnMount } from './useFocusOnMount';

/** The provider's compact payment page inside the shop (card and PayPal where the tenant has it). */
export function PaymentFrame({
  url,
  paymentMethod,
  onChooseAgain,
}: {
  url: string;
  paymentMethod: string;
  onChooseAgain: () => void;
}) {
  const t = useTranslations('common');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const headingId = useId();
  const method = t(`paymentMethod_${paymentMethod}`);
  return (
    <section className="payment-frame" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('paymentFrameHeading', { method })}
      </h2>
      <p>{t('paymentFrameHint')}</p>
      <iframe
        className="payment-frame__frame"
        src={url}
        title={t('paymentFrameTitle', { method })}
        allow="payment"
        data-testid="payment-frame"
      />
      <button type="button" className="link-button" onClick={onChooseAgain}>
        {t('chooseAnotherMethod')}
      </button>
    </section>
  );
}
