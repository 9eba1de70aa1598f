'use client';

import type { EcommerceEvent } from '@shop/domain';
import { useEffect } from 'react';
import { pushEcommerceEvent } from '../../lib/data-layer';

/** Pushes an e-commerce event once the page is in the browser (a server page's step). */
export function DataLayerEvent({ event }: { event: EcommerceEvent | undefined }) {
  const key = JSON.stringify(event ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the event is the same while its content is
  useEffect(() => pushEcommerceEvent(event), [key]);
  return null;
}
