import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@shop/domain';
import { useTranslations } from 'next-intl';

/** The currency a crypto payment is made in. */
export function CryptoCurrencyChoice({
  value,
  onChange,
}: {
  value: CryptoCurrency;
  onChange: (currency: CryptoCurrency) => void;
}) {
  const t = useTranslations('common');
  return (
    <fieldset className="field">
      <legend>{t('cryptoCurrencyLegend')}</legend>
      <div className="amount-options">
        {CRYPTO_CURRENCIES.map((currency) => (
          <label key={currency} className="amount-option">
            <input
              type="radio"
              name="cryptoCurrency"
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
            />
            <span>{currency}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
