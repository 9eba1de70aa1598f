'use client';

import { CUSTOM_LOW_BALANCE_LIMIT_MAX, CUSTOM_LOW_BALANCE_LIMIT_MIN } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useFieldIds } from '../../forms/field-ids';
import { Field, fieldAria } from '../../forms/fields';
import { AUTOMATIC_FIELDS } from './form-post';
import type { AutomaticPartProps } from './props';
import { SegmentedChoice } from './SegmentedChoice';

/** The low-balance limit: a choice of the tenant's limits, or one typed (a fixed one is told above). */
export function LowBalanceLimit({ offer, choice, change, money, error }: AutomaticPartProps) {
  const t = useTranslations('common');
  const ids = useFieldIds();
  const limits = offer.lowBalanceLimit;
  if (typeof limits === 'number' || limits === null) return null;
  if (Array.isArray(limits)) {
    return (
      <SegmentedChoice
        legend={t('lowBalanceLimitLabel')}
        name={AUTOMATIC_FIELDS.limit}
        options={limits.map((limit) => ({ value: String(limit / 100), label: money(limit) }))}
        value={choice.limit}
        onChange={(limit) => change({ limit })}
        error={{ id: ids.error, message: error }}
      />
    );
  }
  const hint = t('lowBalanceLimitRange', {
    min: money(CUSTOM_LOW_BALANCE_LIMIT_MIN),
    max: money(CUSTOM_LOW_BALANCE_LIMIT_MAX),
  });
  return (
    <Field ids={ids} label={t('lowBalanceLimitLabel')} hint={hint} error={error}>
      <input
        id={ids.input}
        name={AUTOMATIC_FIELDS.limit}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={choice.limit}
        onChange={(event) => change({ limit: event.target.value })}
        {...fieldAria(ids, hint, error)}
        data-testid="low-balance-limit"
      />
    </Field>
  );
}
