'use client';

import { useTranslations } from 'next-intl';
import type { TopupType } from './props';
import { SegmentedChoice } from './SegmentedChoice';

export interface TopupTypeChoiceProps {
  topupTypes: TopupType[];
  topupType: TopupType;
  setTopupType: (type: TopupType) => void;
}

/** Once, automatically, by SMS or with a cash code: the first choice of the form, as a switch. */
export function TopupTypeChoice({ topupTypes, topupType, setTopupType }: TopupTypeChoiceProps) {
  const t = useTranslations('common');
  return (
    <SegmentedChoice
      legend={t('topupTypeLabel')}
      legendHidden
      name="topupType"
      options={topupTypes.map((type) => ({ value: type, label: t(`topupType_${type}`) }))}
      value={topupType}
      onChange={setTopupType}
    />
  );
}
