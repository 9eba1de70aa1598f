'use client';

import type { VoucherDeliveryChannel } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import { useFieldIds } from '../forms/field-ids';
import { Field, fieldAria } from '../forms/fields';

/** Loads the number check when the shopper turns to a phone channel, so the submit finds it there. */
export const loadVoucherPhone = () => import('./voucher-phone');

export interface VoucherDeliveryChoiceProps {
  /** The tenant's channels, e-mail among them. */
  channels: readonly VoucherDeliveryChannel[];
  channel: VoucherDeliveryChannel;
  onChannelChange: (channel: VoucherDeliveryChannel) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error: string | undefined;
  phoneRef: Ref<HTMLInputElement>;
}

/**
 * How the voucher PINs reach the shopper besides the result page (decision 0048): by e-mail with
 * the receipt, or by SMS or WhatsApp to a number asked for here.
 */
export function VoucherDeliveryChoice({
  channels,
  channel,
  onChannelChange,
  phone,
  onPhoneChange,
  error,
  phoneRef,
}: VoucherDeliveryChoiceProps) {
  const t = useTranslations('common');
  const hintId = useId();
  const ids = useFieldIds();
  const phoneHint = t('voucherPhoneHint');
  return (
    <fieldset
      className="field voucher-delivery-choice"
      aria-describedby={hintId}
      data-testid="voucher-delivery"
    >
      <legend>{t('voucherDeliveryLegend')}</legend>
      <p className="field__hint" id={hintId}>
        {t('voucherDeliveryHint')}
      </p>
      <div className="payment-options">
        {channels.map((option) => (
          <div key={option} className="payment-option">
            <label className="payment-option__label">
              <input
                type="radio"
                name="voucherDeliveryChannel"
                value={option}
                checked={channel === option}
                onChange={() => {
                  onChannelChange(option);
                  if (option !== 'email') void loadVoucherPhone();
                }}
              />
              <span>{t(`voucherChannel_${option}`)}</span>
            </label>
          </div>
        ))}
      </div>
      {channel !== 'email' && (
        <Field ids={ids} label={t('voucherPhoneLabel')} hint={phoneHint} error={error}>
          <input
            ref={phoneRef}
            id={ids.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => onPhoneChange(event.target.value)}
            {...fieldAria(ids, phoneHint, error)}
          />
        </Field>
      )}
    </fieldset>
  );
}
