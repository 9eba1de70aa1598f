'use client';

import { COMMIT_POLL_INTERVAL_MS } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { commitOrder } from '../../lib/checkout-api';
import { clearDeviceId, storedDeviceId } from '../../lib/device-id';
import {
  afterAnswer,
  afterError,
  COMMIT_START,
  type CommitState,
  UNKNOWN_ORDER_STATE,
} from '../../lib/payment-outcome';
import type { OrderToCommit } from '../../lib/result-query';

/**
 * Spec §4 commit flow: commits the order as soon as the page runs and asks again every 2000 ms
 * while the answer is Pending (or later, when the API answers 429 with Retry-After), with the
 * stored device id where the tenant sends it (`sendDeviceId`); once it has ended, the stored
 * device id is cleared.
 */
export function useOrderCommit(order: OrderToCommit | undefined, sendDeviceId: boolean): CommitState {
  const t = useTranslations('common');
  const isMessageKey = useRef<(key: string) => boolean>(() => false);
  useEffect(() => {
    isMessageKey.current = (key: string) => t.has(key);
  }, [t]);
  const [state, setState] = useState<CommitState>(order ? COMMIT_START : UNKNOWN_ORDER_STATE);
  const cartName = order?.cartName;
  const orderNumber = order?.orderNumber;
  const paymentToken = order?.paymentToken;
  const paymentCancelled = order?.paymentCancelled === true;

  useEffect(() => {
    if (!cartName || !orderNumber) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = COMMIT_START;
    const deviceId = sendDeviceId ? storedDeviceId() : undefined;

    async function ask(name: string, number: string) {
      const result = await commitOrder({
        cartName: name,
        orderNumber: number,
        ...(paymentToken ? { paymentToken } : {}),
        ...(deviceId ? { deviceId } : {}),
        ...(paymentCancelled ? { paymentCancelled } : {}),
      });
      if (stopped) return;
      if (!result.ok && result.status === 429) {
        // Held back by the abuse limits, not failed: the order is asked about again once allowed.
        const wait = Math.max(COMMIT_POLL_INTERVAL_MS, (result.retryAfterSeconds ?? 0) * 1000);
        timer = setTimeout(() => ask(name, number), wait);
        return;
      }
      current = result.ok
        ? afterAnswer(current, result.data)
        : afterError(current, result, (key) => isMessageKey.current(key));
      setState(current);
      if (current.ui.status === 'Pending')
        timer = setTimeout(() => ask(name, number), COMMIT_POLL_INTERVAL_MS);
      else clearDeviceId();
    }

    void ask(cartName, orderNumber);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [cartName, orderNumber, paymentToken, paymentCancelled, sendDeviceId]);

  return state;
}
