import type { PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import { FieldError } from '../forms/FieldMessages';
import { type CardBrand, CardBrands } from './CardBrands';
import { selectionValue } from './payment-choice';
import type { PaymentSelection } from './payment-form-state';
import { SavedMethodLabel } from './SavedMethodLabel';

export interface PaymentMethodChoiceProps {
  methods: readonly string[];
  /** The signed-in shopper's saved methods, offered first. */
  savedMethods: readonly PaymentToken[];
  /** The question, where it is not "Payment method". */
  legend?: string | undefined;
  cardBrands: readonly CardBrand[];
  value: PaymentSelection | undefined;
  onChange: (payment: PaymentSelection) => void;
  error: string | undefined;
  errorId: string;
  firstRef: Ref<HTMLInputElement>;
  payPalTransactionError: boolean;
}

/** A signed-in shopper's saved methods, then the tenant's payment methods, as one radio group with their icons. */
export function PaymentMethodChoice({
  methods,
  savedMethods,
  legend,
  cardBrands,
  value,
  onChange,
  error,
  errorId,
  firstRef,
  payPalTransactionError,
}: PaymentMethodChoiceProps) {
  const t = useTranslations('common');
  const payPalErrorId = useId();
  return (
    <fieldset
      className="field payment-method-choice"
      aria-describedby={error ? errorId : undefined}
      data-testid="payment-method-choice"
    >
      <legend>{legend ?? t('paymentMethodLegend')}</legend>
      {savedMethods.length > 0 && (
        <div className="payment-options payment-options--saved" data-testid="saved-methods">
          {methods.length > 0 && <p className="payment-options__heading">{t('savedMethodsHeading')}</p>}
          {savedMethods.map((saved, index) => {
            const payment: PaymentSelection = { kind: 'saved', tokenId: saved.id };
            return (
              <div key={saved.id} className="payment-option">
                <label className="payment-option__label">
                  <input
                    ref={index === 0 ? firstRef : undefined}
                    type="radio"
                    name="paymentMethod"
                    value={selectionValue(payment)}
                    checked={value?.kind === 'saved' && value.tokenId === saved.id}
                    onChange={() => onChange(payment)}
                    aria-invalid={error ? true : undefined}
                  />
                  <SavedMethodLabel method={saved} />
                </label>
              </div>
            );
          })}
        </div>
      )}
      <div className="payment-options">
        {savedMethods.length > 0 && methods.length > 0 && (
          <p className="payment-options__heading">{t('otherMethodsHeading')}</p>
        )}
        {methods.map((method, index) => (
          <div key={method} className="payment-option">
            <label className="payment-option__label">
              <input
                ref={index === 0 && savedMethods.length === 0 ? firstRef : undefined}
                type="radio"
                name="paymentMethod"
                value={method}
                checked={value?.kind === 'new' && value.method === method}
                onChange={() => onChange({ kind: 'new', method })}
                aria-invalid={error ? true : undefined}
                aria-describedby={method === 'paypal' && payPalTransactionError ? payPalErrorId : undefined}
              />
              {/* biome-ignore lint/performance/noImgElement: payment icons are small SVGs */}
              <img src={`/payment-methods/${method}.svg`} alt="" width={48} height={32} />
              <span>{t(`paymentMethod_${method}`)}</span>
            </label>
            {method === 'creditcard' && <CardBrands brands={cardBrands} />}
            {method === 'paypal' && payPalTransactionError && (
              <p
                className="field__error payment-option__error"
                id={payPalErrorId}
                data-testid="paypal-transaction-error"
              >
                {t('payPalTransactionError')}
              </p>
            )}
          </div>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
