import { BANKS } from '@shop/domain';
import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { useFieldIds } from '../forms/field-ids';
import { Field, fieldAria } from '../forms/fields';

/** Spec §5: the fixed bank choice of online banking (iDEAL); the value is the bank's issuer id. */
export function BankSelect({
  value,
  onChange,
  error,
  selectRef,
}: {
  value: string;
  onChange: (issuerId: string) => void;
  error: string | undefined;
  selectRef: Ref<HTMLSelectElement>;
}) {
  const t = useTranslations('common');
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={t('bankLabel')} error={error}>
      <select
        ref={selectRef}
        id={ids.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(ids, undefined, error)}
      >
        <option value="">{t('bankPlaceholder')}</option>
        {BANKS.map((bank) => (
          <option key={bank.issuerId} value={bank.issuerId}>
            {bank.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
