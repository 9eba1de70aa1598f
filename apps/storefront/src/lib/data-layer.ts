import { type EcommerceEvent, parseConsent, purchaseEvent } from '@shop/domain';
import type { CommitAnswer } from '@shop/domain/contract';
import { readCookie } from './browser-cookies';
import { COOKIE_NAMES } from './cookie-names';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Whether this browser's shopper allowed statistics. */
export function statisticsAllowed(): boolean {
  return parseConsent(readCookie(COOKIE_NAMES.consent))?.statistics === true;
}

/** The page's data layer, which the tenant's tag manager and analytics read (decision 0047). */
export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/**
 * Tells the tenant's tools of an e-commerce step, when the shopper allowed statistics (else
 * nothing: without consent there is no data layer to read). The previous event's `ecommerce`
 * is cleared first, as tag managers merge what is pushed.
 */
export function pushEcommerceEvent(event: EcommerceEvent | undefined): void {
  if (!event || !statisticsAllowed()) return;
  dataLayer().push({ ecommerce: null }, event);
}

/** Where the browser notes the orders it has told the tools of, so a reload does not count one twice. */
const PURCHASES_KEY = 'measuredPurchases';

/** Tells the tools of a delivered order, once per order in this browser tab. */
export function pushPurchaseOnce(answer: CommitAnswer): void {
  if (!statisticsAllowed()) return;
  let told: string[] = [];
  try {
    told = JSON.parse(sessionStorage.getItem(PURCHASES_KEY) ?? '[]') as string[];
  } catch {
    // Storage switched off or unreadable: the order is told (at worst again).
  }
  if (told.includes(answer.orderNumber)) return;
  pushEcommerceEvent(purchaseEvent(answer));
  try {
    sessionStorage.setItem(PURCHASES_KEY, JSON.stringify([...told, answer.orderNumber].slice(-20)));
  } catch {
    // As above.
  }
}
