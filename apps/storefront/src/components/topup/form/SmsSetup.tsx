'use client';

import type { Language } from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field, fieldAria } from '../../forms/fields';
import { SMS_FIELDS } from './form-post';
import type { FieldErrors } from './props';
import { SetupOnlyChoice } from './SetupOnlyChoice';
import { type SmsChoice, type SmsOffer, smsExample } from './sms';

export interface SmsSetupProps {
  offer: SmsOffer;
  choice: SmsChoice;
  change: (patch: Partial<SmsChoice>) => void;
  /** The signed-in shopper's saved methods (undefined for a guest, or while they are read). */
  savedMethods: PaymentToken[] | undefined;
  errors: FieldErrors;
}

/**
 * The registration for SMS top-ups: how they work (the text to send, to which number), the PIN
 * every SMS will carry, and for a signed-in shopper with a saved method, a registration without a
 * top-up now.
 */
export function SmsSetup({ offer, choice, change, savedMethods, errors }: SmsSetupProps) {
  const t = useTranslations('common');
  const language = useLocale() as Language;
  const ids = { input: useId(), hint: useId(), error: useId(), how: useId() };
  const pinHint = t('smsTopupPinHint');
  return (
    <div className="auto-setup" data-testid="sms-topup-setup">
      <div className="sms-setup__how" id={ids.how}>
        <p>{t('smsTopupHow', { shortNumber: offer.shortNumber })}</p>
        <p className="sms-setup__example">
          <span className="visually-hidden">{t('smsTopupExampleLabel')} </span>
          <code data-testid="sms-example">{smsExample(language)}</code>
        </p>
        <p className="field__hint">{t('smsTopupExampleExplained')}</p>
      </div>
      <Field ids={ids} label={t('smsTopupPinLabel')} hint={pinHint} error={errors.smsPin}>
        <input
          id={ids.input}
          name={SMS_FIELDS.pin}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={choice.pin}
          onChange={(event) => change({ pin: event.target.value.replace(/\D/g, '') })}
          {...fieldAria(ids, pinHint, errors.smsPin)}
          data-testid="sms-pin"
        />
      </Field>
      <SetupOnlyChoice
        setupOnly={choice.setupOnly}
        savedMethod={choice.savedMethod}
        methods={savedMethods ?? []}
        change={change}
        legend={t('smsTopupChargeTo')}
        hint={t('smsTopupSetupOnlyHint')}
        error={errors.savedMethod}
      />
    </div>
  );
}
