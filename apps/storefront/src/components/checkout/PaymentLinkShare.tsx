'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import { useAlert } from '../Alerts';
import { useFocusOnMount } from './useFocusOnMount';

async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard access the link is at least selected for the shopper to copy.
    field?.focus();
    field?.select();
    return false;
  }
}

/** A payment link (Tikkie style) to share: whoever opens it pays; the result page tells the state. */
export function PaymentLinkShare({
  url,
  resultPath,
  onChooseAgain,
}: {
  url: string;
  resultPath: string;
  onChooseAgain: () => void;
}) {
  const t = useTranslations('common');
  const showAlert = useAlert();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const field = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), field: useId(), hint: useId() };

  async function copy() {
    const copied = await copyText(url, field.current);
    showAlert(
      copied
        ? { messageKey: 'paymentLinkCopied', severity: 'success' }
        : { messageKey: 'paymentLinkCopyByHand', severity: 'info' },
    );
  }

  return (
    <section className="payment-link" aria-labelledby={ids.heading} data-testid="payment-link">
      <h2 id={ids.heading} ref={heading} tabIndex={-1}>
        {t('paymentLinkHeading')}
      </h2>
      <div className="field">
        <label htmlFor={ids.field}>{t('paymentLinkLabel')}</label>
        <div className="copy-row">
          <input
            ref={field}
            id={ids.field}
            type="url"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            aria-describedby={ids.hint}
          />
          <button type="button" className="button" onClick={copy}>
            {t('copyPaymentLink')}
          </button>
        </div>
        <p className="field__hint" id={ids.hint}>
          {t('paymentLinkHint')}
        </p>
      </div>
      <ul className="payment-link__actions">
        <li>
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('openPaymentLink')}
          </a>
        </li>
        <li>
          <a href={resultPath}>{t('checkPaymentStatus')}</a>
        </li>
      </ul>
      <button type="button" className="link-button" onClick={onChooseAgain}>
        {t('chooseAnotherMethod')}
      </button>
    </section>
  );
}
