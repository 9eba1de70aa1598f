'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while the page is server-rendered HTML only, true once React runs it in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
