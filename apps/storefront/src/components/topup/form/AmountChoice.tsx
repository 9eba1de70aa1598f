'use client';

import type { PriceRange } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { TOPUP_FIELDS } from './form-post';
import type { FixedAmount, MoneyFormat } from './props';

export interface AmountChoiceProps {
  /** The legend, where it is not the plain "Amount" (each run of an automatic top-up). */
  label?: string | undefined;
  /** Tiles of the fixed amounts; none when a cash code is redeemed. */
  fixedAmounts: FixedAmount[];
  /** The range of an amount the shopper types; none when only fixed amounts are on offer. */
  typedRange: PriceRange | null | undefined;
  redeeming: boolean;
  amount: number | null;
  otherAmount: string;
  chooseFixed: (amount: number) => void;
  typeOther: (typed: string) => void;
  placeholder: string | undefined;
  money: MoneyFormat;
  error: string | undefined;
}

/**
 * The amount: a tile of a fixed amount, or one typed within the range. A tile's radio is named by
 * the credit alone ("15 €"); its price and any status describe it. Service fees are not part of a
 * tile's price: the fee notes and the amount due below the tiles show them (decision 0026).
 */
export function AmountChoice(props: AmountChoiceProps) {
  const t = useTranslations('common');
  const { typedRange, redeeming, money, error } = props;
  const ids = { other: useId(), error: useId(), tiles: useId() };
  return (
    <fieldset className="field" aria-describedby={error ? ids.error : undefined}>
      <legend>{props.label ?? t('amountLabel')}</legend>
      {!redeeming && (
        <div className="amount-options">
          {props.fixedAmounts.map((fixed, index) => {
            const id = `${ids.tiles}-${index}`;
            return (
              <label
                key={fixed.productId}
                className="amount-option tile"
                data-disabled={!fixed.purchasable || undefined}
              >
                <input
                  type="radio"
                  className="tile__input"
                  name={TOPUP_FIELDS.amount}
                  // Major units, as the page's own `?amount=` reads them (the form before JavaScript).
                  value={fixed.amount / 100}
                  checked={props.amount === fixed.amount}
                  disabled={!fixed.purchasable}
                  onChange={() => props.chooseFixed(fixed.amount)}
                  aria-labelledby={`${id}-credit`}
                  aria-describedby={`${id}-detail`}
                />
                <span className="amount-option__credit" id={`${id}-credit`}>
                  {money(fixed.amount)}
                </span>
                <span className="amount-option__detail" id={`${id}-detail`}>
                  <span>{t('amountTileCredit')}</span>{' '}
                  <span>{t('amountTilePrice', { price: money(fixed.amount) })}</span>
                  {fixed.statusLabel && (
                    <>
                      {' '}
                      <span className="amount-option__status">{fixed.statusLabel}</span>
                    </>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {typedRange && (
        <div className="other-amount">
          <label htmlFor={ids.other}>
            {t(redeeming ? 'cashCodeAmountLabel' : 'otherAmountLabel', {
              min: money(typedRange.min),
              max: money(typedRange.max),
            })}
          </label>
          <input
            id={ids.other}
            name={TOPUP_FIELDS.otherAmount}
            type="text"
            inputMode="decimal"
            value={props.otherAmount}
            placeholder={props.placeholder}
            onChange={(event) => props.typeOther(event.target.value)}
          />
        </div>
      )}
      {error && (
        <p className="field__error" id={ids.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
