import { describe, expect, it } from 'vitest';
import type { DetailedCart, DetailedCartLine } from './contract/cart';
import type { Product } from './contract/catalogue';
import type { CommitAnswer } from './contract/commit';
import {
  addToCartEvent,
  analyticsClientId,
  beginCheckoutEvent,
  clickIdOf,
  purchaseEvent,
  viewItemEvent,
} from './measurement';

const brand = { brandId: 'funkfix', name: 'FunkFix' };

function line(itemKey: string, productId: string, amount: number, quantity = 1): DetailedCartLine {
  return {
    itemKey,
    productId,
    product_id: productId,
    kind: 'ONCE_OFF',
    brand,
    amount,
    serviceFee: 50,
    grossAmount: (amount + 50) * quantity,
    quantity,
    phoneNumber: '+4917012345678',
    additionalData: {},
  };
}

function cart(items: DetailedCartLine[], totalPrice: number): DetailedCart {
  return {
    cartName: 'c1',
    items,
    savePayment: false,
    voucherCodes: [],
    iFrameUrl: null,
    summary: {
      currency: 'EUR',
      voucherDiscounts: [],
      itemServiceFee: 0,
      cartServiceFee: 0,
      totalServiceFee: 0,
      cartDiscountAmount: 0,
      netAmount: totalPrice,
      grossAmount: totalPrice,
      totalPrice,
    },
    paymentMethod: null,
    additionalData: {},
    deliveryAddress: null,
  };
}

describe('analytics ids', () => {
  it('builds the client id from a 9-digit number and the time in seconds', () => {
    expect(analyticsClientId(() => 0, 1_795_430_400_999)).toBe('100000000.1795430400');
    expect(analyticsClientId(() => 0.999_999_999, 1_795_430_400_000)).toBe('999999999.1795430400');
    expect(analyticsClientId()).toMatch(/^[1-9]\d{8}\.\d{10}$/);
  });

  it('keeps the click id of the first network named, and nothing that is not an id', () => {
    expect(clickIdOf(new URLSearchParams('gclid=Cj0KCQ-abc_1&fbclid=x'))).toBe('gclid.Cj0KCQ-abc_1');
    expect(clickIdOf(new URLSearchParams('msclkid=42'))).toBe('msclkid.42');
    expect(clickIdOf(new URLSearchParams('utm_source=x'))).toBeUndefined();
    expect(clickIdOf(new URLSearchParams('gclid=<script>'))).toBeUndefined();
  });
});

describe('e-commerce events', () => {
  const products = [
    { productId: 'p15', kind: 'ONCE_OFF', amount: 1500, priceRange: null, brand },
    {
      productId: 'pr',
      kind: 'ONCE_OFF',
      amount: null,
      priceRange: { min: 500, max: 5000, step: 100 },
      brand,
    },
  ] as unknown as Product[];

  it('views products at their amount, a range at its least', () => {
    expect(viewItemEvent(products, 'EUR')).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'EUR',
        value: 20,
        items: [
          expect.objectContaining({ item_id: 'p15', price: 15, quantity: 1 }),
          expect.objectContaining({ item_id: 'pr', price: 5, quantity: 1 }),
        ],
      },
    });
    expect(viewItemEvent([], 'EUR')).toBeUndefined();
  });

  it('adds one unit of what the call named, at its price with the fee', () => {
    const event = addToCartEvent(cart([line('a', 'p15', 1500, 2), line('b', 'p20', 2000)], 5650), ['p15']);
    expect(event?.ecommerce).toEqual({
      currency: 'EUR',
      value: 15.5,
      items: [
        {
          item_id: 'p15',
          item_name: 'FunkFix',
          item_brand: 'funkfix',
          item_category: 'ONCE_OFF',
          price: 15.5,
          quantity: 1,
        },
      ],
    });
    expect(addToCartEvent(cart([], 0), ['p15'])).toBeUndefined();
  });

  it('begins the checkout at the cart total', () => {
    const event = beginCheckoutEvent(cart([line('a', 'p15', 1500, 2)], 3100));
    expect(event?.ecommerce.value).toBe(31);
    expect(event?.ecommerce.items).toEqual([expect.objectContaining({ quantity: 2, price: 15.5 })]);
    expect(beginCheckoutEvent(cart([], 0))).toBeUndefined();
  });

  it('names the order and what was charged on a purchase', () => {
    const answer = { orderNumber: 'FFX-1234', amountCharged: 1550, currency: 'GBP' } as CommitAnswer;
    expect(purchaseEvent(answer)).toEqual({
      event: 'purchase',
      ecommerce: { currency: 'GBP', value: 15.5, transaction_id: 'FFX-1234', items: [] },
    });
  });
});
