'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { describedBy, FieldMessages } from '../../FieldMessages';
import { TOPUP_FIELDS } from './form-post';

/** The cash code that pays for the top-up. */
export function CashCodeField({
  cashCode,
  setCashCode,
  error,
}: {
  cashCode: string;
  setCashCode: (cashCode: string) => void;
  error: string | undefined;
}) {
  const t = useTranslations('common');
  const ids = { input: useId(), hint: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{t('cashCodeLabel')}</label>
      <input
        id={ids.input}
        name={TOPUP_FIELDS.cashCode}
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={cashCode}
        onChange={(event) => setCashCode(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error)}
      />
      <FieldMessages ids={ids} hint={t('cashCodeHint')} error={error} />
    </div>
  );
}
