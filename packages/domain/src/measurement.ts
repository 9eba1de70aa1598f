import type { DetailedCart, DetailedCartLine } from './contract/cart';
import type { Product } from './contract/catalogue';
import type { CommitAnswer } from './contract/commit';

/**
 * The tenant's measurement, once the shopper has allowed statistics (spec §9, decision 0047):
 * the ids the shop keeps for it and the e-commerce events it pushes to the data layer, in the
 * shape tag managers and analytics read (GA4 e-commerce: money in major units).
 */

const DAY_SECONDS = 24 * 60 * 60;

/** Spec §9: the analytics client id and click id last 3 days, the session id 2. */
export const ANALYTICS_COOKIE_MAX_AGE_SECONDS = {
  clientId: 3 * DAY_SECONDS,
  clickId: 3 * DAY_SECONDS,
  sessionId: 2 * DAY_SECONDS,
} as const;

/** Spec §9: the analytics loader starts at once, the session id is set up a second later. */
export const MEASUREMENT_DELAYS_MS = { analyticsLoader: 0, sessionIdSetup: 1000 } as const;

/** Spec §9: the heat-map tool is initialised with version 6. */
export const HEATMAP_VERSION = 6;

/** Query parameters by which an advertising network names the click that brought the shopper. */
export const CLICK_ID_PARAMETERS = ['gclid', 'gbraid', 'wbraid', 'msclkid', 'fbclid'] as const;

/** Spec §9: a random 9-digit number and the current time in seconds, e.g. `482913075.1795430400`. */
export function analyticsClientId(random: () => number = Math.random, nowMs: number = Date.now()): string {
  const number = 100_000_000 + Math.floor(random() * 900_000_000);
  return `${number}.${Math.floor(nowMs / 1000)}`;
}

/** A session starts at the time in seconds (as analytics counts sessions). */
export function analyticsSessionId(nowMs: number = Date.now()): string {
  return String(Math.floor(nowMs / 1000));
}

/** The click id a landing page's query carries, with the parameter that named it. */
export function clickIdOf(query: URLSearchParams): string | undefined {
  for (const parameter of CLICK_ID_PARAMETERS) {
    const value = query.get(parameter)?.trim();
    if (value && /^[\w.-]{1,200}$/.test(value)) return `${parameter}.${value}`;
  }
  return undefined;
}

export interface EcommerceItem {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category: string;
  price: number;
  quantity: number;
}

export type EcommerceEventName = 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase';

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: {
    currency: string;
    value: number;
    /** The order number; on `purchase` only. */
    transaction_id?: string;
    items: EcommerceItem[];
  };
}

/** Minor units (cents, pence) as the major units analytics counts in. */
const major = (minor: number) => Math.round(minor) / 100;

const sum = (items: EcommerceItem[]) =>
  major(items.reduce((total, item) => total + item.price * 100 * item.quantity, 0));

function productItem(product: Pick<Product, 'productId' | 'kind' | 'brand'>, amount: number): EcommerceItem {
  return {
    item_id: product.productId,
    item_name: product.brand.name,
    item_brand: product.brand.brandId,
    item_category: product.kind,
    price: major(amount),
    quantity: 1,
  };
}

function lineItem(line: DetailedCartLine): EcommerceItem {
  return {
    item_id: line.productId,
    item_name: line.brand.name,
    item_brand: line.brand.brandId,
    item_category: line.kind,
    price: major(line.amount + line.serviceFee),
    quantity: line.quantity,
  };
}

/** A shopper looks at products: those of a fixed amount count at it, a range at its least. */
export function viewItemEvent(products: readonly Product[], currency: string): EcommerceEvent | undefined {
  const items = products.flatMap((product) => {
    const amount = product.amount ?? product.priceRange?.min;
    return amount === undefined ? [] : [productItem(product, amount)];
  });
  if (items.length === 0) return undefined;
  return { event: 'view_item', ecommerce: { currency, value: sum(items), items } };
}

/** What one call put in the cart: a unit of each product it named, at its line's price. */
export function addToCartEvent(
  cart: DetailedCart,
  addedProductIds: readonly string[],
): EcommerceEvent | undefined {
  const items = addedProductIds.flatMap((productId) => {
    const line = cart.items.findLast((candidate) => candidate.productId === productId);
    return line ? [{ ...lineItem(line), quantity: 1 }] : [];
  });
  if (items.length === 0) return undefined;
  return { event: 'add_to_cart', ecommerce: { currency: cart.summary.currency, value: sum(items), items } };
}

/** The shopper reaches the payment step with this cart. */
export function beginCheckoutEvent(cart: DetailedCart): EcommerceEvent | undefined {
  if (cart.items.length === 0) return undefined;
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: cart.summary.currency,
      value: major(cart.summary.totalPrice),
      items: cart.items.map(lineItem),
    },
  };
}

/** An order delivered (wholly or in part): its number and what was charged. */
export function purchaseEvent(answer: CommitAnswer): EcommerceEvent {
  return {
    event: 'purchase',
    ecommerce: {
      currency: answer.currency,
      value: major(answer.amountCharged),
      transaction_id: answer.orderNumber,
      items: [],
    },
  };
}
