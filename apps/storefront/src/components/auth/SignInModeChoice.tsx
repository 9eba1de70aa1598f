'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';

/** Spec §3 login modes: the password ("normal") or a one-time code by SMS ("otp"). */
export type LoginMode = 'normal' | 'otp';

/** How the shopper signs in: by password or by a code sent by SMS. */
export function SignInModeChoice({
  mode,
  onChange,
}: {
  mode: LoginMode;
  onChange: (mode: LoginMode) => void;
}) {
  const t = useTranslations('common');
  const name = useId();
  return (
    <fieldset className="field sign-in-modes">
      <legend>{t('signInMethodLegend')}</legend>
      {(['normal', 'otp'] as const).map((value) => (
        <label key={value} className="radio-option">
          <input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          <span>{t(value === 'normal' ? 'signInWithPassword' : 'signInWithCode')}</span>
        </label>
      ))}
    </fieldset>
  );
}
