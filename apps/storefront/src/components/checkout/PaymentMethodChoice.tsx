import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import { type CardBrand, CardBrands } from './CardBrands';

export interface PaymentMethodChoiceProps {
  methods: readonly string[];
  cardBrands: readonly CardBrand[];
  value: string | undefined;
  onChange: (method: string) => void;
  error: string | undefined;
  errorId: string;
  firstRef: Ref<HTMLInputElement>;
  payPalTransactionError: boolean;
}

/** The tenant's payment methods as a radio group with their icons. */
export function PaymentMethodChoice({
  methods,
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
      <legend>{t('paymentMethodLegend')}</legend>
      <div className="payment-options">
        {methods.map((method, index) => (
          <div key={method} className="payment-option">
            <label className="payment-option__label">
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name="paymentMethod"
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
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
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
