'use client';

import type { PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { SavedMethodLabel } from '../../checkout/SavedMethodLabel';
import { FieldError } from '../../forms/FieldMessages';
import { AUTOMATIC_FIELDS } from './form-post';

export interface SetupOnlyChoiceProps {
  setupOnly: boolean;
  savedMethod: string;
  /** The signed-in shopper's saved methods; none shows nothing. */
  methods: PaymentToken[];
  change: (patch: { setupOnly?: boolean; savedMethod?: string }) => void;
  /** The legend of the saved methods: what they will be charged for. */
  legend: string;
  /** What the set-up alone means: nothing now, and what is charged later. */
  hint: string;
  error: string | undefined;
}

/**
 * "No top-up now, just set it up": for a signed-in shopper with a saved method, a set-up that
 * charges that method later and nothing now; the only method is chosen for them.
 */
export function SetupOnlyChoice({
  setupOnly,
  savedMethod,
  methods,
  change,
  legend,
  hint,
  error,
}: SetupOnlyChoiceProps) {
  const t = useTranslations('common');
  const ids = { later: useId(), methodError: useId() };
  if (methods.length === 0) return null;
  return (
    <div className="auto-setup__later">
      <label className="checkbox">
        <input
          type="checkbox"
          name={AUTOMATIC_FIELDS.setupOnly}
          value="1"
          checked={setupOnly}
          onChange={(event) =>
            change({
              setupOnly: event.target.checked,
              savedMethod: savedMethod || (methods.length === 1 ? (methods[0]?.id ?? '') : ''),
            })
          }
          aria-describedby={ids.later}
        />
        <span>{t('autoTopupSetupOnly')}</span>
      </label>
      <p className="field__hint" id={ids.later}>
        {hint}
      </p>
      {setupOnly && (
        <fieldset className="field saved-methods" aria-describedby={error ? ids.methodError : undefined}>
          <legend>{legend}</legend>
          {methods.map((method) => (
            <label key={method.id} className="payment-option__label saved-method-option">
              <input
                type="radio"
                name={AUTOMATIC_FIELDS.savedMethod}
                value={method.id}
                checked={savedMethod === method.id}
                onChange={() => change({ savedMethod: method.id })}
              />
              <SavedMethodLabel method={method} />
            </label>
          ))}
          <FieldError id={ids.methodError} error={error} />
        </fieldset>
      )}
    </div>
  );
}
