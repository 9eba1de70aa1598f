'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { fieldIds } from '../../forms/field-ids';
import { TextField } from '../../forms/TextField';
import { type PinReading, readSmsPin } from './sms-topup-display';

type Problem = Extract<PinReading, { ok: false }>['problem'];

const PROBLEM_KEYS: Readonly<Record<Problem, string>> = {
  pinRequired: 'smsTopupPinRequired',
  pinInvalid: 'smsTopupPinInvalid',
};

/** A new PIN for the number's SMS top-ups, checked before it is sent; saving it also unlocks them. */
export function SmsPinForm({ disabled, onSave }: { disabled: boolean; onSave: (pin: string) => void }) {
  const t = useTranslations('common');
  const form = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<Problem>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reading = readSmsPin(typed);
    if (!reading.ok) {
      setProblem(reading.problem);
      document.getElementById(fieldIds(form, 'smsTopupConsent').input)?.focus();
      return;
    }
    setProblem(undefined);
    onSave(reading.pin);
  };

  return (
    <form className="auto-topup__cap-form sms-topup__pin-form" onSubmit={submit} noValidate>
      <TextField
        form={form}
        name="smsTopupConsent"
        label={t('smsTopupNewPinLabel')}
        hint={t('smsTopupNewPinHint')}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          if (problem) setProblem(undefined);
        }}
        inputMode="numeric"
        autoComplete="off"
        error={problem && t(PROBLEM_KEYS[problem])}
      />
      <div className="auto-topup__form-actions">
        <button type="submit" className="button" disabled={disabled}>
          {t('smsTopupPinSave')}
        </button>
      </div>
    </form>
  );
}
