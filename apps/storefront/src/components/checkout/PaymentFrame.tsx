'use client';

import { useTranslations } from 'next-intl';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { nextFrameHeight } from '../../lib/frame-height';
import { useFocusOnMount } from './useFocusOnMount';

/**
 * The provider's compact payment page inside the shop (card and PayPal where the tenant has it).
 * The frame takes the height its page reports (`psp:height`, decision 0024); until then, or for a
 * page that reports none, it keeps the stylesheet's height and the page scrolls inside it.
 */
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
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const method = t(`paymentMethod_${paymentMethod}`);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const source = { window: frame.current?.contentWindow, url };
      setHeight((current) => nextFrameHeight(event, source, current) ?? current);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);

  return (
    <section className="payment-frame" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('paymentFrameHeading', { method })}
      </h2>
      <p>{t('paymentFrameHint')}</p>
      <iframe
        ref={frame}
        className="payment-frame__frame"
        src={url}
        title={t('paymentFrameTitle', { method })}
        allow="payment"
        style={
          height === undefined ? undefined : ({ '--payment-frame-height': `${height}px` } as CSSProperties)
        }
        data-testid="payment-frame"
      />
      <button type="button" className="link-button" onClick={onChooseAgain}>
        {t('chooseAnotherMethod')}
      </button>
    </section>
  );
}
