'use client';

import { otpResendWaitSeconds } from '@shop/domain';
import { useEffect, useState } from 'react';

/** Seconds until a new one-time code may be asked for, counting down once a second. */
export function useResendCountdown(sentAt: number): number {
  const [left, setLeft] = useState(() => otpResendWaitSeconds(new Date(sentAt), new Date()));
  useEffect(() => {
    const tick = () => otpResendWaitSeconds(new Date(sentAt), new Date());
    setLeft(tick());
    const timer = setInterval(() => {
      const next = tick();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  return left;
}
