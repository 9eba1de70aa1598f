import {
  defaultTokenName,
  messageKeyFor,
  PAYMENT_TOKEN_NAME_MAX_LENGTH,
  type PaymentMethod,
  type PaymentRoutes,
  type SavablePaymentMethod,
  savableMethodsOf,
} from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { ownPath } from '../../lib/return-path';

/** The saved payment methods of the account (spec §2) and the step the provider sends the shopper back to. */
export const PAYMENT_METHODS_PATH = '/account/settings/payment-methods';
export const PAYMENT_METHODS_RETURN_PATH = `${PAYMENT_METHODS_PATH}/return`;
/** The automatic top-ups that charge a saved method. */
export const AUTO_TOPUPS_PATH = '/account/automatic-topups';
/** The numbers that top up by SMS, each charging a saved method. */
export const SMS_TOPUPS_PATH = '/account/sms-topups';

/** Spec §7 Payment methods, as the shop's `/api/*` passes them on. */
export const PAYMENT_TOKENS_API = {
  list: '/api/shop/rest/payment-tokens',
  create: '/api/shop/rest/payment-tokens/create',
  confirm: '/api/shop/rest/payment-tokens/confirm',
  update: '/api/shop/rest/payment-tokens/update',
  delete: '/api/shop/rest/payment-tokens/delete',
} as const;

export type SavableMethod = SavablePaymentMethod;

/**
 * What the shopper may add here: the methods the shop takes that the provider collecting each
 * (`routes`) can save, in the shop's order.
 */
export function addableMethods(offered: readonly PaymentMethod[], routes: PaymentRoutes): SavableMethod[] {
  return savableMethodsOf(offered, routes);
}

/** Card schemes' own names (not translated), by the brand the provider reports. */
const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american-express': 'American Express',
  discover: 'Discover',
};

/** The shop's badges of card schemes (`public/card-brands`), by the brand the provider reports. */
const CARD_BRAND_ART: Record<string, string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american-express',
  'american-express': 'american-express',
};

export const cardBrandName = (brand: string | null): string | undefined =>
  brand ? CARD_BRAND_NAMES[brand] : undefined;

/** The picture of a saved method: its card scheme's badge, else the method's icon. */
export function methodArt(token: Pick<PaymentToken, 'method' | 'cardBrand'>): string {
  const brand = token.cardBrand ? CARD_BRAND_ART[token.cardBrand] : undefined;
  if (token.method === 'creditcard' && brand) return `/card-brands/${brand}.svg`;
  return `/payment-methods/${token.method === 'paypal' ? 'paypal' : 'creditcard'}.svg`;
}

/** Whether the name the shopper gave says no more than the card's brand and last digits. */
export function nameIsDefault(token: Pick<PaymentToken, 'name' | 'method' | 'cardBrand' | 'cardLast4'>) {
  return token.name === defaultTokenName(token.method, { brand: token.cardBrand, last4: token.cardLast4 });
}

/** Whether a card's `MM/YY` expiry has passed: a card is valid through the last day of its month. */
export function isExpired(expiry: string | null, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry ?? '');
  if (!match) return false;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return now.getFullYear() * 12 + now.getMonth() + 1 > year * 12 + month;
}

/** What is wrong with a new name for a saved method, as a message key; undefined when it is fine. */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'paymentMethodNameRequired';
  if (trimmed.length > PAYMENT_TOKEN_NAME_MAX_LENGTH) return 'paymentMethodNameHint';
  return undefined;
}

/** A message for the shopper at the top of the page. */
export type PageMessage = { kind: 'success' | 'error'; messageKey: string };

/** Success messages another page (the provider's return) may send the shopper here with. */
const ARRIVAL_MESSAGES = ['paymentMethodAdded', 'successfulModification', 'successfulDelete'];

/**
 * What the page was opened with: `?message=paymentMethodAdded` after a method was saved,
 * `?error=<source code>` after saving it failed (shown as its spec §8 text). Anything else: none.
 */
export function arrivalMessage(
  message: string | undefined,
  error: string | undefined,
): PageMessage | undefined {
  if (error) return { kind: 'error', messageKey: messageKeyFor(error) };
  if (message && ARRIVAL_MESSAGES.includes(message)) return { kind: 'success', messageKey: message };
  return undefined;
}

/** The page again, saying why saving the method did not work. */
export function failedSavePath(code: string | undefined): string {
  return `${PAYMENT_METHODS_PATH}?${new URLSearchParams({ error: code ?? 'generalError' })}`;
}

/**
 * Where the shopper goes after the confirm: the API's `payerUrl` when it is a page of the shop
 * they are on (same host and scheme), as a path; undefined for anything else, which is never followed.
 */
export function pathOnShop(payerUrl: string, shopOrigin: string): string | undefined {
  let target: URL;
  let shop: URL;
  try {
    target = new URL(payerUrl, shopOrigin);
    shop = new URL(shopOrigin);
  } catch {
    return undefined;
  }
  if (target.origin !== shop.origin) return undefined;
  return ownPath(`${target.pathname}${target.search}`);
}
