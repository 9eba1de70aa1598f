'use client';

import { useEffect, useRef } from 'react';

/** A ref whose element takes the focus when it appears, so screen readers hear the new step. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
