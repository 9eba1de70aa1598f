'use client';

import {
  type ErrorCode,
  formatMoney,
  formatMsisdn,
  isBoughtInQuantity,
  MAX_ITEM_QUANTITY,
  messageKeyFor,
} from '@shop/domain';
import { type DetailedCart, detailedCartSchema, type VoucherCodesRequest } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { setupOfLine, weekdayName, whenItTopsUp } from '../../lib/auto-topup-setup';
import { callShopApi, saveCartName } from '../../lib/shop-api';
import { dismissAlerts, useAlert } from '../Alerts';
import { BrandArt } from '../catalogue/BrandArt';
import { useHydrated } from '../forms/useHydrated';
import { PromoCodeForm } from './PromoCodeForm';

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
  /**
   * Where the cart is changed when this view only sums it up (the payment page of a shop with a
   * cart page); undefined where this view is where it changes.
   */
  changedAt?: string;
  /** Told of every cart the server answers (null once the cart is gone). */
  onCartChange?: (cart: DetailedCart | null) => void;
}

/**
 * The cart (spec §3 Cart): its lines, promo codes and summary; quantities for what is bought in
 * numbers. Where it only sums the cart up (`changedAt`), it links to the page that changes it.
 */
export function CartView({
  initialCart,
  allowPromoCodes,
  detailed,
  nextStep,
  changedAt,
  onCartChange,
}: CartViewProps) {
  const editable = changedAt === undefined;
  const t = useTranslations('common');
  const locale = useLocale();
  const showAlert = useAlert();
  const [cart, setCart] = useState(initialCart);
  const [busy, setBusy] = useState(false);
  // The line buttons work by script: until it runs they wait, so that an early tap is not lost.
  const hydrated = useHydrated();
  const linesWait = busy || !hydrated;
  const money = (minor: number) => formatMoney(minor, cart?.summary.currency ?? 'EUR', locale);

  /** Changes the cart; a refusal goes to `refused` where given, else to an alert. */
  async function change(path: string, init: RequestInit, refused?: (code: string) => void): Promise<boolean> {
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
    if (refused && result.code && result.code !== 'UNKNOWN_CART') refused(result.code);
    else showAlert({ messageKey: messageKeyFor(result.code) });
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

  // Summing up on the payment page, lines without fees or discounts need no second total: the
  // amount due stands by the pay button.
  const showSummary =
    editable || cart.summary.totalServiceFee > 0 || cart.summary.voucherDiscounts.length > 0;
  const base = `/api/shop/rest/v2/carts/${cart.cartName}/items`;
  const setQuantity = (itemKey: string, quantity: number) =>
    change(`${base}/${itemKey}/${quantity}`, { method: 'PUT' });
  const vouchers = (
    action: 'addVouchers' | 'removeVouchers',
    codes: string[],
    refused?: (code: string) => void,
  ) =>
    change(
      `/api/shop/rest/${action}`,
      {
        method: 'POST',
        body: JSON.stringify({ cartName: cart.cartName, voucherCodes: codes } satisfies VoucherCodesRequest),
      },
      refused,
    );

  return (
    <div className={`cart${detailed ? ' cart--detailed' : ''}`} data-testid="cart" aria-busy={busy}>
      <ul className="cart-lines">
        {cart.items.map((line) => {
          // An automatic top-up is named by what each run tops up (nothing may be due now).
          const setup = setupOfLine(line);
          // An SMS top-up set up alone tops up nothing now: each SMS names its amount.
          const name =
            line.kind === 'SMS' && line.amount === 0
              ? `${line.brand.name} ${t('kind_SMS')}`
              : `${line.brand.name} ${money(setup ? setup.amount : line.amount)}`;
          return (
            <li key={line.itemKey} className="cart-line" data-testid="cart-line">
              <div className="brand-line">
                <BrandArt brand={line.brand} size="thumb" />
                <div className="cart-line__what">
                  <span className="cart-line__name">{name}</span>
                  {line.phoneNumber && (
                    <span>{t('cartItemFor', { number: formatMsisdn(line.phoneNumber) })}</span>
                  )}
                  {line.kind === 'SMS' && (
                    <span className="cart-line__setup" data-testid="sms-topup-line">
                      {t('smsTopupCartLine')}
                      {line.grossAmount === 0 && ` · ${t('autoTopupNothingNow')}`}
                    </span>
                  )}
                  {setup && (
                    <span className="cart-line__setup" data-testid="auto-topup-line">
                      {t(setup.light ? 'autoTopupLightCartLine' : 'autoTopupCartLine', {
                        when: whenItTopsUp(setup, t, { money, weekday: (day) => weekdayName(locale, day) }),
                      })}
                      {setup.setupOnly && ` · ${t('autoTopupNothingNow')}`}
                    </span>
                  )}
                  {detailed && (
                    <span className="cart-line__detail">
                      {t(`kind_${line.kind}`)} · {t('unitPrice', { price: money(line.amount) })}
                      {line.serviceFee > 0 && ` · ${t('summaryServiceFee')} ${money(line.serviceFee)}`}
                    </span>
                  )}
                </div>
              </div>
              {editable && (isBoughtInQuantity(line.kind) || line.quantity > 1) ? (
                <div className="quantity">
                  <button
                    type="button"
                    aria-label={t('decreaseQuantity', { item: name })}
                    disabled={linesWait || line.quantity <= 1}
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
                    disabled={linesWait || line.quantity >= MAX_ITEM_QUANTITY}
                    onClick={() => setQuantity(line.itemKey, line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
              ) : (
                line.quantity > 1 && (
                  <span className="cart-line__count" data-testid="quantity">
                    {line.quantity} ×
                  </span>
                )
              )}
              <span className="cart-line__price">{money(line.grossAmount)}</span>
              {editable && (
                <button
                  type="button"
                  className="link-button"
                  disabled={linesWait}
                  onClick={() => change(`${base}/${line.itemKey}`, { method: 'DELETE' })}
                >
                  {t('removeItem', { item: name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>

      {changedAt && (
        <a className="cart__change" href={changedAt}>
          {t('changeCart')}
        </a>
      )}
      {editable && allowPromoCodes && (
        <PromoCodeForm
          codes={cart.voucherCodes}
          busy={busy}
          onApply={async (code) => {
            let refusal: string | undefined;
            await vouchers('addVouchers', [code], (refused) => {
              refusal = t(messageKeyFor(refused));
            });
            return refusal;
          }}
          onRemove={(code) => vouchers('removeVouchers', [code])}
        />
      )}

      {showSummary && (
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
      )}
    </div>
  );
}
