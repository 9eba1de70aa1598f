'use client';

import { useTranslations } from 'next-intl';
import type { MoneyFormat, TopupFormProps, TopupType } from './props';

export interface TopupTypeChoiceProps {
  topupTypes: TopupType[];
  topupType: TopupType;
  setTopupType: (type: TopupType) => void;
  automatic: TopupFormProps['automatic'];
  money: MoneyFormat;
}

/** Once, automatically when the balance runs low, by SMS or with a cash code. */
export function TopupTypeChoice({
  topupTypes,
  topupType,
  setTopupType,
  automatic,
  money,
}: TopupTypeChoiceProps) {
  const t = useTranslations('common');
  return (
    <fieldset className="field">
      <legend>{t('topupTypeLabel')}</legend>
      <div className="topup-types">
        {topupTypes.map((type) => (
          <label key={type} className="amount-option">
            <input
              type="radio"
              name="topupType"
              value={type}
              checked={topupType === type}
              onChange={() => setTopupType(type)}
            />
            <span>{t(`topupType_${type}`)}</span>
          </label>
        ))}
      </div>
      {topupType === 'AUTOMATIC' && automatic && (
        <p className="field__hint">{t('automaticTopupHint', { limit: money(automatic.lowBalanceLimit) })}</p>
      )}
      {topupType === 'SMS' && <p className="field__hint">{t('topupTypeLater')}</p>}
    </fieldset>
  );
}
