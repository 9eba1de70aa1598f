'use client';

import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import { FieldError } from '../forms/FieldMessages';

/**
 * Beside the pay button: the shopper's express request that delivery start at once, knowing the
 * right of withdrawal then ends (§356(5) BGB, Art. 16(m) of Directive 2011/83/EU), and the terms.
 */
export function OrderConsent({
  checked,
  onChange,
  error,
  inputRef,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const t = useTranslations('common');
  const errorId = useId();
  return (
    <div className="order-consent">
      <label className="checkbox">
        <input
          ref={inputRef}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="withdrawal-consent"
        />
        <span>{t('withdrawalConsent')}</span>
      </label>
      <FieldError id={errorId} error={error} />
      <p className="field__hint">
        {t.rich('termsNotice', {
          terms: (text) => (
            <a href="/terms" target="_blank" rel="noopener">
              {text}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
