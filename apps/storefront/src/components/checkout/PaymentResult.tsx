'use client';

import './checkout.css';
import { COMMIT_POLL_INTERVAL_MS, formatMoney } from '@shop/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { fetchOrder, type OrderLookup } from '../../lib/checkout-api';
import { canRetry, type PaymentOutcome, paymentOutcome } from '../../lib/payment-outcome';
import { saveCartName, savedCartName } from '../../lib/shop-api';

/** The message key of each outcome the result page shows. */
const OUTCOME_MESSAGE_KEYS: Record<PaymentOutcome, string> = {
  pending: 'paymentPending',
  paid: 'paymentReceived',
  declined: 'paymentDeclined',
  cancelled: 'paymentCancelled',
  failed: 'paymentFailed',
  refunded: 'paymentRefunded',
  partiallyRefunded: 'partiallyRefundedMessage',
};

export interface PaymentResultProps {
  cartName: string | undefined;
  orderNumber: string | undefined;
  initial: OrderLookup;
  mainPage: string;
}

/** The state of an order's payment; asks again every 2000 ms while it is open. */
export function PaymentResult({ cartName, orderNumber, initial, mainPage }: PaymentResultProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const [lookup, setLookup] = useState(initial);
  const outcome = lookup.kind === 'found' ? paymentOutcome(lookup.order) : undefined;
  const waiting = lookup.kind === 'unavailable' || outcome === 'pending';

  useEffect(() => {
    if (!waiting || !cartName || !orderNumber) return;
    let stopped = false;
    let asking = false;
    const timer = setInterval(async () => {
      if (asking) return;
      asking = true;
      const result = await fetchOrder(orderNumber, cartName);
      asking = false;
      if (stopped) return;
      if (result.ok) setLookup({ kind: 'found', order: result.data });
      else if (result.status === 404) setLookup({ kind: 'unknown' });
    }, COMMIT_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, cartName, orderNumber]);

  // A paid cart is done with; the next top-up starts a new one.
  useEffect(() => {
    if (outcome === 'paid' && cartName && savedCartName() === cartName) saveCartName(undefined);
  }, [outcome, cartName]);

  function tryAgain() {
    if (cartName) saveCartName(cartName);
    window.location.assign('/shop/checkout/payment');
  }

  return (
    <div className={`payment-result payment-result--${outcome ?? lookup.kind}`} data-testid="payment-result">
      <div role="status" aria-live="polite" aria-atomic="true">
        {lookup.kind === 'unknown' && <p className="payment-result__message">{t('orderUnknown')}</p>}
        {lookup.kind === 'unavailable' && (
          <p className="payment-result__message">{t('orderStatusUnavailable')}</p>
        )}
        {outcome && (
          <p className="payment-result__message" data-testid="payment-outcome">
            {outcome === 'pending' && <span className="spinner" aria-hidden="true" />}
            {t(OUTCOME_MESSAGE_KEYS[outcome])}
          </p>
        )}
      </div>
      {lookup.kind === 'found' && (
        <dl className="payment-result__details">
          <div>
            <dt>{t('orderNumberLabel')}</dt>
            <dd data-testid="order-number">{lookup.order.orderNumber}</dd>
          </div>
          <div>
            <dt>{t('amountLabel')}</dt>
            <dd data-testid="order-amount">
              {formatMoney(lookup.order.amount, lookup.order.currency, locale)}
            </dd>
          </div>
        </dl>
      )}
      {outcome && canRetry(outcome) && (
        <>
          <p>{t('paymentRetryHint')}</p>
          <button type="button" className="button" onClick={tryAgain}>
            {t('tryAgain')}
          </button>
        </>
      )}
      {(lookup.kind === 'unknown' || outcome === 'paid') && (
        <a className="button" href={mainPage}>
          {t('continueShopping')}
        </a>
      )}
    </div>
  );
}
