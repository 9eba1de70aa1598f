'use client';

import { CUSTOM_LOW_BALANCE_LIMIT_MAX, CUSTOM_LOW_BALANCE_LIMIT_MIN } from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { type SetupType, setupSentence, weekdayName } from '../../../lib/auto-topup-setup';
import { SelectField } from '../../account/fields';
import { savedMethodName } from '../../checkout/SavedMethodLabel';
import { describedBy, FieldError, FieldMessages } from '../../FieldMessages';
import {
  type AutomaticChoice,
  type AutomaticOffer,
  automaticProblems,
  describeChoice,
  groupOf,
  isLightChoice,
  offersTariff,
  setupGroups,
} from './automatic';
import { AUTOMATIC_FIELDS } from './form-post';
import type { FieldErrors, MoneyFormat } from './props';
import { SegmentedChoice } from './SegmentedChoice';
import { SetupOnlyChoice } from './SetupOnlyChoice';

export interface AutomaticSetupProps {
  offer: AutomaticOffer;
  choice: AutomaticChoice;
  change: (patch: Partial<AutomaticChoice>) => void;
  /** The signed-in shopper's saved methods (undefined for a guest, or while they are read). */
  savedMethods: PaymentToken[] | undefined;
  /** The amount each run tops up, minor units, when one in range is chosen. */
  amount: number | null;
  money: MoneyFormat;
  errors: FieldErrors;
}

/** Monday 1 … Sunday 7, and the days of a month: the schedules' own numbers. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const RECURRING: readonly SetupType[] = ['WEEKLY', 'MONTHLY'];

/**
 * How an automatic top-up runs: when (the tenant's types), the low-balance limit, the tariff
 * switch, the weekday or day of the month; for a signed-in shopper with a saved method, a set-up
 * without a top-up now. Ends with the set-up in one plain sentence.
 */
export function AutomaticSetup({
  offer,
  choice,
  change,
  savedMethods,
  amount,
  money,
  errors,
}: AutomaticSetupProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const light = isLightChoice(offer, choice);
  const ids = {
    light: useId(),
    form: useId(),
    when: useId(),
    whenError: useId(),
  };
  const groups = setupGroups(offer);
  const groupIndex = groupOf(offer, choice.type);
  const group = groups[groupIndex] ?? [];
  const methods = savedMethods ?? [];
  const chosenMethod = methods.find((method) => method.id === choice.savedMethod);
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
  const summary =
    amount !== null && automaticProblems(offer, choice).length === 0
      ? setupSentence(
          describeChoice(offer, choice, amount),
          t,
          { money, weekday: (day) => weekdayName(locale, day) },
          chosenMethod && savedMethodName(chosenMethod),
        )
      : undefined;

  return (
    <div className="auto-setup" data-testid="auto-topup-setup">
      {groups.length > 1 ? (
        <fieldset className="field" aria-describedby={errors.autoType ? ids.whenError : undefined}>
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
          <FieldError id={ids.whenError} error={errors.autoType} />
        </fieldset>
      ) : (
        // One way only (e.g. low balance alone): nothing to choose, its limit is asked for below.
        <>
          <input type="hidden" name={AUTOMATIC_FIELDS.group} value={0} />
          <p className="auto-setup__only">
            <strong>{groupLabel(group)}</strong> <span>{groupHint(group)}</span>
          </p>
          <FieldError id={ids.whenError} error={errors.autoType} />
        </>
      )}

      {group.length > 1 ? (
        <SegmentedChoice
          legend={t('autoTopupFrequencyLabel')}
          name={AUTOMATIC_FIELDS.type}
          options={group.map((type) => ({ value: type, label: t(`autoTopupType_${type}`) }))}
          value={choice.type}
          onChange={(type) => change({ type })}
        />
      ) : (
        <input type="hidden" name={AUTOMATIC_FIELDS.type} value={choice.type} />
      )}

      {choice.type === 'LOW_BALANCE' && (
        <LowBalanceLimit
          offer={offer}
          choice={choice}
          change={change}
          money={money}
          error={errors.lowBalanceLimit}
        />
      )}
      {choice.type === 'LOW_BALANCE' && offersTariff(offer) && !light && (
        <label className="checkbox">
          <input
            type="checkbox"
            name={AUTOMATIC_FIELDS.tariff}
            value="1"
            checked={choice.tariff}
            onChange={(event) => change({ tariff: event.target.checked })}
          />
          <span>{t('autoTopupAlsoTariff')}</span>
        </label>
      )}
      {choice.type === 'WEEKLY' && (
        <SelectField
          form={ids.form}
          name={AUTOMATIC_FIELDS.weekday}
          label={t('autoTopupWeekdayLabel')}
          value={String(choice.weekday)}
          options={WEEKDAYS.map((day) => ({ value: String(day), label: weekdayName(locale, day) }))}
          onChange={(weekday) => change({ weekday: Number(weekday) })}
          error={errors.schedule}
        />
      )}
      {choice.type === 'MONTHLY' && (
        <SelectField
          form={ids.form}
          name={AUTOMATIC_FIELDS.monthDay}
          label={t('autoTopupMonthDayLabel')}
          hint={t('autoTopupMonthDayHint')}
          value={String(choice.monthDay)}
          options={MONTH_DAYS.map((day) => ({ value: String(day), label: String(day) }))}
          onChange={(monthDay) => change({ monthDay: Number(monthDay) })}
          error={errors.schedule}
        />
      )}

      {offer.lightProductId && choice.type === 'LOW_BALANCE' && (
        <div className="auto-setup__later">
          <label className="checkbox">
            <input
              type="checkbox"
              name={AUTOMATIC_FIELDS.light}
              value="1"
              checked={choice.light}
              onChange={(event) => change({ light: event.target.checked })}
              aria-describedby={ids.light}
            />
            <span>{t('autoTopupLightOption')}</span>
          </label>
          <p className="field__hint" id={ids.light}>
            {t('autoTopupLightOptionHint')}
          </p>
        </div>
      )}

      {!light && (
        <SetupOnlyChoice
          setupOnly={choice.setupOnly}
          savedMethod={choice.savedMethod}
          methods={methods}
          change={change}
          legend={t('autoTopupChargeTo')}
          hint={t('autoTopupSetupOnlyHint')}
          error={errors.savedMethod}
        />
      )}

      <p className="auto-setup__summary" data-testid="auto-topup-summary" aria-live="polite">
        {summary ?? ''}
      </p>
    </div>
  );
}

/** The low-balance limit: a choice of the tenant's limits, or one typed (a fixed one is told above). */
function LowBalanceLimit({
  offer,
  choice,
  change,
  money,
  error,
}: {
  offer: AutomaticOffer;
  choice: AutomaticChoice;
  change: (patch: Partial<AutomaticChoice>) => void;
  money: MoneyFormat;
  error: string | undefined;
}) {
  const t = useTranslations('common');
  const ids = { input: useId(), hint: useId(), error: useId() };
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
  return (
    <div className="field">
      <label htmlFor={ids.input}>{t('lowBalanceLimitLabel')}</label>
      <input
        id={ids.input}
        name={AUTOMATIC_FIELDS.limit}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={choice.limit}
        onChange={(event) => change({ limit: event.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error)}
        data-testid="low-balance-limit"
      />
      <FieldMessages
        ids={ids}
        hint={t('lowBalanceLimitRange', {
          min: money(CUSTOM_LOW_BALANCE_LIMIT_MIN),
          max: money(CUSTOM_LOW_BALANCE_LIMIT_MAX),
        })}
        error={error}
      />
    </div>
  );
}
