'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import type { SetupType } from '../../../lib/auto-topup-setup';
import { FieldError } from '../../forms/FieldMessages';
import { groupOf, setupGroups } from './automatic';
import { AUTOMATIC_FIELDS } from './form-post';
import type { AutomaticPartProps } from './props';

const RECURRING: readonly SetupType[] = ['WEEKLY', 'MONTHLY'];

/**
 * When an automatic top-up runs: the tenant's kinds as cards to choose from (the scheduled ones
 * as one card), or the only kind, told.
 */
export function SetupWhenChoice({ offer, choice, change, money, error }: AutomaticPartProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const ids = { when: useId(), whenError: useId() };
  const groups = setupGroups(offer);
  const groupIndex = groupOf(offer, choice.type);
  const group = groups[groupIndex] ?? [];
  const groupLabel = (types: SetupType[]) => {
    if (types.length === 1) return t(`autoTopupType_${types[0]}`);
    if (types.every((type) => RECURRING.includes(type))) return t('autoTopupScheduled');
    return new Intl.ListFormat(locale, { type: 'disjunction' }).format(
      types.map((type) => t(`autoTopupType_${type}`)),
    );
  };
  // The tenant's one limit is said where low balance is chosen; other limits are asked for below.
  const fixedLimit = typeof offer.lowBalanceLimit === 'number' ? offer.lowBalanceLimit : undefined;
  const groupHint = (types: SetupType[]) => {
    if (types.length > 1) return t('autoTopupScheduledHint');
    if (types[0] === 'LOW_BALANCE' && fixedLimit !== undefined)
      return t('lowBalanceLimitFixed', { limit: money(fixedLimit) });
    return t(`autoTopupTypeHint_${types[0]}`);
  };

  return (
    <>
      {groups.length > 1 ? (
        <fieldset className="field" aria-describedby={error ? ids.whenError : undefined}>
          <legend>{t('autoTopupWhenLabel')}</legend>
          <div className="choice-cards">
            {groups.map((types, index) => {
              const id = `${ids.when}-${index}`;
              return (
                <label key={types.join('+')} className="choice-card">
                  <input
                    type="radio"
                    name={AUTOMATIC_FIELDS.group}
                    value={index}
                    checked={groupIndex === index}
                    onChange={() => change({ type: types[0] })}
                    aria-labelledby={`${id}-title`}
                    aria-describedby={`${id}-hint`}
                  />
                  <span className="choice-card__title" id={`${id}-title`}>
                    {groupLabel(types)}
                  </span>
                  <span className="choice-card__hint" id={`${id}-hint`}>
                    {groupHint(types)}
                  </span>
                </label>
              );
            })}
          </div>
          <FieldError id={ids.whenError} error={error} />
        </fieldset>
      ) : (
        // One way only (e.g. low balance alone): nothing to choose, its limit is asked for below.
        <>
          <input type="hidden" name={AUTOMATIC_FIELDS.group} value={0} />
          <p className="auto-setup__only">
            <strong>{groupLabel(group)}</strong> <span>{groupHint(group)}</span>
          </p>
          <FieldError id={ids.whenError} error={error} />
        </>
      )}
    </>
  );
}
