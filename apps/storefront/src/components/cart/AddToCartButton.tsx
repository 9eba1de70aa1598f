'use client';

import { messageKeyFor } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { goTo } from '../../lib/browser-cookies';
import { useAlert } from '../Alerts';
import { useHydrated } from '../forms/useHydrated';

/** Puts one product (a voucher: no number needed) in the cart and goes to the next step. */
export function AddToCartButton({
  productId,
  label,
  afterAdding,
}: {
  productId: string;
  label: string;
  afterAdding: string;
}) {
  const t = useTranslations('common');
  const showAlert = useAlert();
  const [busy, setBusy] = useState(false);
  // A tap before the page's script runs would do nothing at all.
  const hydrated = useHydrated();
  // One key while the page lives: a double click adds the product once.
  const key = useRef<string | undefined>(undefined);

  async function add() {
    key.current ??= crypto.randomUUID();
    setBusy(true);
    // Loaded on the click: the page itself needs none of the contract's schemas (decision 0029).
    const { addToCart } = await import('../../lib/shop-api');
    const result = await addToCart([{ productId }], key.current);
    if (result.ok) {
      await goTo(afterAdding);
      return;
    }
    setBusy(false);
    showAlert({ messageKey: messageKeyFor(result.code) });
  }

  return (
    <button
      type="button"
      className="button"
      disabled={busy || !hydrated}
      onClick={add}
      aria-label={t('addItemToCart', { item: label })}
    >
      {t('addToCart')}
    </button>
  );
}
