'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { useHydrated } from '../forms/useHydrated';

/**
 * The promo codes of the cart: one to add, with the reason next to the field when it is refused
 * (kept until the code is changed), and the ones already taken, each removable.
 */
export function PromoCodeForm({
  codes,
  busy,
  onApply,
  onRemove,
}: {
  codes: readonly string[];
  busy: boolean;
  /** Answers the message of a refusal, or undefined once the code is in the cart. */
  onApply: (code: string) => Promise<string | undefined>;
  onRemove: (code: string) => void;
}) {
  const t = useTranslations('common');
  const ids = { input: useId(), error: useId() };
  const [promo, setPromo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const hydrated = useHydrated();

  async function apply(event: FormEvent) {
    event.preventDefault();
    const code = promo.trim();
    if (!code) return;
    const refusal = await onApply(code);
    setError(refusal);
    if (!refusal) setPromo('');
  }

  return (
    <form className="promo" onSubmit={apply}>
      <label htmlFor={ids.input}>{t('promoCodeLabel')}</label>
      <div className="promo__row">
        <input
          id={ids.input}
          value={promo}
          onChange={(event) => {
            setPromo(event.target.value);
            setError(undefined);
          }}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          // A code typed before the page runs in the browser would be lost.
          disabled={!hydrated}
        />
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {t('applyPromoCode')}
        </button>
      </div>
      {error && (
        <p className="field__error" id={ids.error}>
          {error}
        </p>
      )}
      {codes.map((code) => (
        <button key={code} type="button" className="link-button" onClick={() => onRemove(code)}>
          {t('removePromoCode', { code })}
        </button>
      ))}
    </form>
  );
}
