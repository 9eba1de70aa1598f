'use client';

import { formatMsisdn, voucherSendAgainMessageKey } from '@shop/domain';
import type { VoucherDelivery } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { readVoucherDelivery, sendVoucherAgain } from '../../lib/checkout-api';
import { useAlert } from '../Alerts';

/** While a sending is on its way the page asks how it stands this often, at most this many times. */
const ASK_EVERY_MS = 2000;
const MAX_ASKS = 20;

const STATE_KEYS = { PENDING: 'Pending', SENT: 'Sent', FAILED: 'Failed' } as const;

/**
 * How the order's voucher PINs went by SMS or WhatsApp (decision 0048): on their way, sent, or not
 * sent after every try (the PINs are on the page either way), with "Send again" to the same number.
 * A guest's page names the order's cart; a signed-in shopper's account is enough.
 */
export function VoucherDeliveryStatus({
  delivery: initial,
  orderNumber,
  cartName,
}: {
  delivery: VoucherDelivery;
  orderNumber: string;
  cartName?: string | undefined;
}) {
  const t = useTranslations('common');
  const showAlert = useAlert();
  const [delivery, setDelivery] = useState(initial);
  const [sending, setSending] = useState(false);
  // A new sending is asked about from the start, even when the last one was still on its way.
  const [round, setRound] = useState(0);
  const pending = delivery.state === 'PENDING';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sending (round) starts the asking again
  useEffect(() => {
    if (!pending) return;
    let asks = 0;
    let stopped = false;
    const timer = setInterval(() => {
      asks += 1;
      if (asks >= MAX_ASKS) clearInterval(timer);
      void readVoucherDelivery(orderNumber, cartName).then((result) => {
        if (!stopped && result.ok && result.data.state !== 'PENDING') setDelivery(result.data);
      });
    }, ASK_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, round, orderNumber, cartName]);

  async function sendAgain() {
    setSending(true);
    const result = await sendVoucherAgain(orderNumber, cartName);
    setSending(false);
    if (!result.ok) {
      showAlert({ messageKey: voucherSendAgainMessageKey(result.code) });
      return;
    }
    showAlert({ messageKey: 'voucherSendAgainDone', severity: 'success' });
    setDelivery(result.data);
    setRound((current) => current + 1);
  }

  return (
    <div className="voucher-delivery" data-testid="voucher-delivery-status" data-state={delivery.state}>
      <p role="status" className="voucher-delivery__state">
        {t(`voucherDelivery${STATE_KEYS[delivery.state]}_${delivery.channel}`, {
          number: formatMsisdn(delivery.phoneNumber),
        })}
      </p>
      <button type="button" className="secondary-button" onClick={() => void sendAgain()} disabled={sending}>
        {t('voucherSendAgain')}
      </button>
    </div>
  );
}
