'use client';

import { useTranslations } from 'next-intl';
import { useFieldIds } from '../../forms/field-ids';
import { Field, fieldAria } from '../../forms/fields';
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
  const ids = useFieldIds();
  const hint = t('cashCodeHint');
  return (
    <Field ids={ids} label={t('cashCodeLabel')} hint={hint} error={error}>
      <input
        id={ids.input}
        name={TOPUP_FIELDS.cashCode}
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={cashCode}
        onChange={(event) => setCashCode(event.target.value)}
        {...fieldAria(ids, hint, error)}
      />
    </Field>
  );
}
