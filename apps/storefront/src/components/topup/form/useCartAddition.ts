'use client';

import { messageKeyFor } from '@shop/domain';
import type { CartItemRequest } from '@shop/domain/contract';
import { useRef, useState } from 'react';
import { goTo } from '../../../lib/browser-cookies';
import { savePhoneNumber } from '../../../lib/phone-number-cookie';
import { useAlert } from '../../Alerts';
import { loadSubmission } from './load-submission';

/** Puts a top-up in the cart, keeps its number for the checkout and goes on to `afterAdding`. */
export function useCartAddition(afterAdding: string) {
  const showAlert = useAlert();
  const [adding, setAdding] = useState(false);
  const addition = useRef({ signature: '', key: '' });

  async function putInCart(item: CartItemRequest, msisdn: string) {
    const signature = JSON.stringify(item);
    // One key per distinct item while the page lives: a double click or a retry adds it once.
    if (addition.current.signature !== signature) addition.current = { signature, key: crypto.randomUUID() };
    setAdding(true);
    const { addToCart } = await loadSubmission();
    const result = await addToCart([item], addition.current.key);
    if (result.ok) {
      savePhoneNumber(msisdn);
      await goTo(afterAdding);
      return;
    }
    setAdding(false);
    showAlert({ messageKey: messageKeyFor(result.code) });
  }

  return { adding, putInCart };
}
