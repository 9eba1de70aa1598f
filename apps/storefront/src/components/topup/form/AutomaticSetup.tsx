'use client';

import type { PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { setupSentence, weekdayName } from '../../../lib/auto-topup-setup';
import { savedMethodName } from '../../checkout/SavedMethodLabel';
import { SelectField } from '../../forms/fields';
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
import { LowBalanceLimit } from './LowBalanceLimit';
import type { FieldErrors, MoneyFormat } from './props';
import { SegmentedChoice } from './SegmentedChoice';
import { SetupOnlyChoice } from './SetupOnlyChoice';
import { SetupWhenChoice } from './SetupWhenChoice';

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
  const ids = { light: useId(), form: useId() };
  const group = setupGroups(offer)[groupOf(offer, choice.type)] ?? [];
  const methods = savedMethods ?? [];
  const chosenMethod = methods.find((method) => method.id === choice.savedMethod);
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
      <SetupWhenChoice offer={offer} choice={choice} change={change} money={money} error={errors.autoType} />

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
