import type { OrderHistoryEntry } from '@shop/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  orderDate,
  orderLines,
  orderNumbers,
  orderStatusKey,
  orderTotal,
  topupBrandOf,
} from './order-display';

const funkfix = { brandId: 'funkfix', name: 'FunkFix' };
const pixelpass = { brandId: 'pixelpass', name: 'PixelPass' };
const line = { productId: 'p', kind: 'ONCE_OFF', brand: funkfix, amount: 1500, quantity: 1 };
const order: OrderHistoryEntry = {
  orderNumber: 'LAD-AB12CD34',
  createdAt: new Date(2026, 2, 5, 12).toISOString(),
  orderStatus: 'committed',
  totalPrice: 6500,
  currency: 'EUR',
  lines: [
    { ...line, phoneNumber: '+4917012340105' },
    { ...line, phoneNumber: '+4917012340105' },
    { ...line, kind: 'VOUCHER', brand: pixelpass, amount: 2500, quantity: 2, phoneNumber: null },
  ],
};
const german = { locale: 'de', dateLocale: 'de-DE', europeanDateFormat: true };

describe('an order as the account pages write it', () => {
  it('dates it dd.mm.yyyy where the tenant has the European format, else as its country does', () => {
    expect(orderDate(order, german)).toBe('05.03.2026');
    expect(orderDate(order, { locale: 'en', dateLocale: 'en-GB', europeanDateFormat: false })).toBe(
      '05/03/2026',
    );
    expect(orderDate(order, { locale: 'nl', dateLocale: 'nl-NL', europeanDateFormat: false })).toBe(
      '05-03-2026',
    );
  });

  it('names each line with its amount and count, and the total with the currency', () => {
    expect(orderLines(order, german)).toEqual([
      'FunkFix 15\u00a0€',
      'FunkFix 15\u00a0€',
      'PixelPass 25\u00a0€ × 2',
    ]);
    expect(orderTotal(order, german)).toBe('65\u00a0€');
  });

  it('writes each number topped up once, internationally', () => {
    expect(orderNumbers(order)).toEqual(['+49 170 12340105']);
  });

  it('knows the brand of the top-ups when they have one', () => {
    expect(topupBrandOf(order)).toEqual(funkfix);
    expect(topupBrandOf({ ...order, lines: order.lines.slice(2) })).toBeUndefined();
  });

  it('labels the status by its group', () => {
    expect(orderStatusKey(order)).toBe('orderStatus_completed');
    expect(orderStatusKey({ orderStatus: 'aborted' })).toBe('orderStatus_failed');
  });
});
