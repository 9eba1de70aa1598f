'use client';

import type { PriceRange } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { TOPUP_FIELDS } from './form-post';
import type { FixedAmount, MoneyFormat } from './props';

export interface AmountChoiceProps {
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

/** The amount: a tile of a fixed amount, or one typed within the range. */
export function AmountChoice(props: AmountChoiceProps) {
  const t = useTranslations('common');
  const { typedRange, redeeming, money, error } = props;
  const ids = { other: useId(), error: useId() };
  return (
    <fieldset className="field" aria-describedby={error ? ids.error : undefined}>
      <legend>{t('amountLabel')}</legend>
      {!redeeming && (
        <div className="amount-options">
          {props.fixedAmounts.map((fixed) => (
            <label
              key={fixed.productId}
              className="amount-option"
              data-disabled={!fixed.purchasable || undefined}
            >
              <input
                type="radio"
                name={TOPUP_FIELDS.amount}
                // Major units, as the page's own `?amount=` reads them (the form before JavaScript).
                value={fixed.amount / 100}
                checked={props.amount === fixed.amount}
                disabled={!fixed.purchasable}
                onChange={() => props.chooseFixed(fixed.amount)}
              />
              <span>{money(fixed.amount)}</span>
              {fixed.statusLabel && <span className="amount-option__status">{fixed.statusLabel}</span>}
            </label>
          ))}
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
