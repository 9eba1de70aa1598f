import { BANKS } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';

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
  const ids = { select: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.select}>{t('bankLabel')}</label>
      <select
        ref={selectRef}
        id={ids.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      >
        <option value="">{t('bankPlaceholder')}</option>
        {BANKS.map((bank) => (
          <option key={bank.issuerId} value={bank.issuerId}>
            {bank.name}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={ids.error}>
          {error}
        </p>
      )}
    </div>
  );
}
