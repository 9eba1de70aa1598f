'use client';

import { type ErrorCode, formatMoney, MAX_ITEM_QUANTITY, messageKeyFor } from '@shop/domain';
import { type DetailedCart, detailedCartSchema, type VoucherCodesRequest } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { callShopApi, saveCartName } from '../../lib/shop-api';
import { dismissAlerts, useAlert } from '../Alerts';
import { useHydrated } from '../checkout/useHydrated';

/** Spec §4: the alerts of these errors close once a later change succeeds. */
const CLOSED_ON_SUCCESS = (
  [
    'CART_LIMIT_TOTAL_FACE_VALUE_EXCEEDED',
    'CART_LIMIT_TOTAL_COUNT_VALUE_EXCEEDED',
    'CART_LIMIT_PER_PRODUCT_FACE_VALUE_EXCEEDED',
    'CART_LIMIT_PER_PRODUCT_COUNT_VALUE_EXCEEDED',
    'VOUCHER_TOKEN_INVALID',
  ] satisfies ErrorCode[]
).map(messageKeyFor);

export interface CartViewProps {
  initialCart: DetailedCart | null;
  allowPromoCodes: boolean;
  detailed: boolean;
  /** Where the checkout button leads; none on the payment page itself. */
  nextStep: string | undefined;
  /** Told of every cart the server answers (null once the cart is gone). */
  onCartChange?: (cart: DetailedCart | null) => void;
}

/** The cart: lines with quantities, promo codes and the summary (spec §3 Cart). */
export function CartView({ initialCart, allowPromoCodes, detailed, nextStep, onCartChange }: CartViewProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const showAlert = useAlert();
  const promoId = useId();
  const [cart, setCart] = useState(initialCart);
  const [busy, setBusy] = useState(false);
  const [promo, setPromo] = useState('');
  const hydrated = useHydrated();
  const money = (minor: number) => formatMoney(minor, cart?.summary.currency ?? 'EUR', locale);

  async function change(path: string, init: RequestInit): Promise<boolean> {
    setBusy(true);
    const result = await callShopApi(path, detailedCartSchema, init);
    setBusy(false);
    if (result.ok) {
      setCart(result.data);
      onCartChange?.(result.data);
      dismissAlerts(CLOSED_ON_SUCCESS);
      return true;
    }
    if (result.code === 'UNKNOWN_CART') {
      saveCartName(undefined);
      setCart(null);
      onCartChange?.(null);
    }
    showAlert({ messageKey: messageKeyFor(result.code) });
    return false;
  }

  if (!cart || cart.items.length === 0) {
    return (
      <div className="cart cart--empty" data-testid="cart">
        <p>{t('cartEmpty')}</p>
        <a className="button" href="/">
          {t('continueShopping')}
        </a>
      </div>
    );
  }

  const base = `/api/shop/rest/v2/carts/${cart.cartName}/items`;
  const setQuantity = (itemKey: string, quantity: number) =>
    change(`${base}/${itemKey}/${quantity}`, { method: 'PUT' });
  const vouchers = (action: 'addVouchers' | 'removeVouchers', codes: string[]) =>
    change(`/api/shop/rest/${action}`, {
      method: 'POST',
      body: JSON.stringify({ cartName: cart.cartName, voucherCodes: codes } satisfies VoucherCodesRequest),
    });

  async function applyPromo(event: FormEvent) {
    event.preventDefault();
    if (promo.trim() && (await vouchers('addVouchers', [promo.trim()]))) setPromo('');
  }

  return (
    <div className={`cart${detailed ? ' cart--detailed' : ''}`} data-testid="cart" aria-busy={busy}>
      <ul className="cart-lines">
        {cart.items.map((line) => {
          const name = `${line.brand.name} ${money(line.amount)}`;
          return (
            <li key={line.itemKey} className="cart-line" data-testid="cart-line">
              <div className="cart-line__what">
                <span className="cart-line__name">{name}</span>
                {line.phoneNumber && <span>{t('cartItemFor', { number: line.phoneNumber })}</span>}
                {detailed && (
                  <span className="cart-line__detail">
                    {t(`kind_${line.kind}`)} · {t('unitPrice', { price: money(line.amount) })}
                    {line.serviceFee > 0 && ` · ${t('summaryServiceFee')} ${money(line.serviceFee)}`}
                  </span>
                )}
              </div>
              <div className="quantity">
                <button
                  type="button"
                  aria-label={t('decreaseQuantity', { item: name })}
                  disabled={busy || line.quantity <= 1}
                  onClick={() => setQuantity(line.itemKey, line.quantity - 1)}
                >
                  −
                </button>
                <output aria-label={t('quantityLabel', { item: name })} data-testid="quantity">
                  {line.quantity}
                </output>
                <button
                  type="button"
                  aria-label={t('increaseQuantity', { item: name })}
                  disabled={busy || line.quantity >= MAX_ITEM_QUANTITY}
                  onClick={() => setQuantity(line.itemKey, line.quantity + 1)}
                >
                  +
                </button>
              </div>
              <span className="cart-line__price">{money(line.grossAmount)}</span>
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => change(`${base}/${line.itemKey}`, { method: 'DELETE' })}
              >
                {t('removeItem', { item: name })}
              </button>
            </li>
          );
        })}
      </ul>

      {allowPromoCodes && (
        <form className="promo" onSubmit={applyPromo}>
          <label htmlFor={promoId}>{t('promoCodeLabel')}</label>
          <div className="promo__row">
            <input
              id={promoId}
              value={promo}
              onChange={(event) => setPromo(event.target.value)}
              autoComplete="off"
              // A code typed before the page runs in the browser would be lost.
              disabled={!hydrated}
            />
            <button type="submit" className="button" disabled={busy || !hydrated}>
              {t('applyPromoCode')}
            </button>
          </div>
          {cart.voucherCodes.map((code) => (
            <button
              key={code}
              type="button"
              className="link-button"
              onClick={() => vouchers('removeVouchers', [code])}
            >
              {t('removePromoCode', { code })}
            </button>
          ))}
        </form>
      )}

      <section className="cart-summary" aria-labelledby="cart-summary">
        <h2 id="cart-summary">{t('summaryTitle')}</h2>
        <dl>
          <div className="cart-summary__row">
            <dt>{t('summaryNet')}</dt>
            <dd>{money(cart.summary.netAmount)}</dd>
          </div>
          {cart.summary.totalServiceFee > 0 && (
            <div className="cart-summary__row">
              <dt>{t('summaryServiceFee')}</dt>
              <dd>{money(cart.summary.totalServiceFee)}</dd>
            </div>
          )}
          {cart.summary.voucherDiscounts.map((discount) => (
            <div key={discount.code} className="cart-summary__row">
              <dt>{t('summaryDiscount', { code: discount.code })}</dt>
              <dd>−{money(discount.amount)}</dd>
            </div>
          ))}
          <div className="cart-summary__row cart-summary__total">
            <dt>{t('summaryTotal')}</dt>
            <dd data-testid="cart-total">{money(cart.summary.totalPrice)}</dd>
          </div>
        </dl>
        <p role="status" className="visually-hidden">
          {busy ? t('cartBusy') : ''}
        </p>
        {nextStep && (
          <a className="button" href={nextStep}>
            {t('toPayment')}
          </a>
        )}
      </section>
    </div>
  );
}
