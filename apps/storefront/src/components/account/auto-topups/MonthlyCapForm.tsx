'use client';

import { formatMoney } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../forms/TextField';
import {
  type CapReading,
  capInputValue,
  currencySymbol,
  MONTHLY_CAP_MAX,
  readMonthlyCap,
} from './auto-topup-display';

type Problem = Extract<CapReading, { ok: false }>['problem'];

const PROBLEM_KEYS: Readonly<Record<Problem, string>> = {
  capInvalid: 'autoTopupCapInvalid',
  capTooLow: 'autoTopupCapTooLow',
  capTooHigh: 'autoTopupCapTooHigh',
};

/**
 * The most a top-up may charge per calendar month: typed as money in the shop's currency, sent
 * in minor units; removed with a button. A limit below one top-up's amount would stop every run.
 */
export function MonthlyCapForm({
  cap,
  amount,
  currency,
  locale,
  disabled,
  onSave,
}: {
  cap: number | null;
  amount: number;
  currency: string;
  locale: string;
  disabled: boolean;
  onSave: (cap: number | null) => void;
}) {
  const t = useTranslations('common');
  const form = useId();
  const [typed, setTyped] = useState(() => capInputValue(cap, locale));
  const [problem, setProblem] = useState<Problem>();
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reading = readMonthlyCap(typed, amount);
    if (!reading.ok) {
      setProblem(reading.problem);
      document.getElementById(`${form}-monthlyCap`)?.focus();
      return;
    }
    setProblem(undefined);
    onSave(reading.cap);
  };

  return (
    <form className="auto-topup__cap-form" onSubmit={submit} noValidate>
      <TextField
        form={form}
        name="monthlyCap"
        label={t('autoTopupCapInputLabel', { currency: currencySymbol(currency, locale) })}
        hint={t('autoTopupCapHint')}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          if (problem) setProblem(undefined);
        }}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        error={problem && t(PROBLEM_KEYS[problem], { amount: money(amount), max: money(MONTHLY_CAP_MAX) })}
      />
      <div className="auto-topup__form-actions">
        <button type="submit" className="button" disabled={disabled}>
          {t('autoTopupCapSave')}
        </button>
        {cap !== null && (
          <button type="button" className="link-button" disabled={disabled} onClick={() => onSave(null)}>
            {t('autoTopupCapRemove')}
          </button>
        )}
      </div>
    </form>
  );
}
