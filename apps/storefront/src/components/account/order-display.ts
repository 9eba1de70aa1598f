import { formatDate, formatMoney, formatMsisdn, orderStatusGroup } from '@shop/domain';
import type { OrderHistoryEntry } from '@shop/domain/contract';
import type { BrandOfArt } from '../../lib/brand-art';

/** How the account pages write an order's facts for one tenant and language. */
export interface OrderFormat {
  /** The shop's language, for amounts (as everywhere in the shop). */
  locale: string;
  /** Language and country (`en-GB`, `nl-NL`): a date is written as in the country. */
  dateLocale: string;
  europeanDateFormat: boolean;
}

/** The day an order was placed: dd.mm.yyyy where the tenant has `europeanDateFormat`, else the locale's. */
export const orderDate = (order: Pick<OrderHistoryEntry, 'createdAt'>, format: OrderFormat): string =>
  formatDate(new Date(order.createdAt), format.dateLocale, format.europeanDateFormat);

/** "PixelPass 25 € × 2" for each line of the order. */
export function orderLines(order: OrderHistoryEntry, format: OrderFormat): string[] {
  return order.lines.map((line) => {
    const amount = formatMoney(line.amount, order.currency, format.locale);
    return `${line.brand.name} ${amount}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;
  });
}

/** The numbers the order topped up, each once, as people write them (+49 170 1234567). */
export function orderNumbers(order: OrderHistoryEntry): string[] {
  const numbers = order.lines.flatMap((line) => (line.phoneNumber ? [line.phoneNumber] : []));
  return [...new Set(numbers)].map(formatMsisdn);
}

/** The brand whose art stands for the order: its first line's. */
export const orderBrand = (order: OrderHistoryEntry): BrandOfArt | undefined => order.lines[0]?.brand;

/** The message key of the order's status group; an unknown status is shown as in progress. */
export const orderStatusKey = (order: Pick<OrderHistoryEntry, 'orderStatus'>): string =>
  `orderStatus_${orderStatusGroup(order.orderStatus) ?? 'pending'}`;

/** The brand the numbers of an order were topped up with, where every top-up line has the same. */
export function topupBrandOf(order: OrderHistoryEntry): BrandOfArt | undefined {
  const brands = new Map(
    order.lines.filter((line) => line.phoneNumber).map((line) => [line.brand.brandId, line.brand]),
  );
  return brands.size === 1 ? [...brands.values()][0] : undefined;
}

/** What the order cost, with its currency. */
export const orderTotal = (order: Pick<OrderHistoryEntry, 'totalPrice' | 'currency'>, format: OrderFormat) =>
  formatMoney(order.totalPrice, order.currency, format.locale);
