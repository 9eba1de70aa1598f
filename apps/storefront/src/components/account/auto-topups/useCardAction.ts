'use client';

import { useRef, useState } from 'react';
import type { ApiResult } from '../../../lib/api-answer';
import { failureMessage } from './auto-topup-calls';
import type { CardNoticeState } from './CardNotice';

/**
 * One change at a time on a top-up's card: which one runs (`busy`), what the last one came to
 * (`notice`, shown by CardNotice), and `act`, which sends a call and says a refusal in the card.
 */
export function useCardAction<Busy extends string>(here: string) {
  const [busy, setBusy] = useState<Busy>();
  const [notice, setNotice] = useState<CardNoticeState>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  async function act<T>(
    kind: Busy,
    call: () => Promise<ApiResult<T>>,
    done: (data: T) => void,
  ): Promise<void> {
    if (busy) return;
    setBusy(kind);
    setNotice(undefined);
    const result = await call();
    setBusy(undefined);
    if (result.ok) {
      done(result.data);
      return;
    }
    const key = await failureMessage(result, here);
    if (key) setNotice({ kind: 'failed', key });
  }

  /** Says a change went through; when the button pressed went away, the message takes the focus. */
  function done(key: string, moveFocus: boolean) {
    setNotice({ kind: 'done', key });
    if (moveFocus) requestAnimationFrame(() => noticeRef.current?.focus());
  }

  return { busy, notice, noticeRef, act, done };
}
