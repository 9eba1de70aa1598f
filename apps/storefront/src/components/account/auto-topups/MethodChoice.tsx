'use client';

import type { PaymentToken } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { SelectField } from '../../forms/fields';
import { methodChoice, methodName } from './auto-topup-display';

/** Where the shopper saves another payment method. */
export const PAYMENT_METHODS_PATH = '/account/settings/payment-methods';

/**
 * Another saved method for the top-up: a choice of the account's usable methods and a button
 * (choosing alone changes nothing). For an invalid top-up the choice also activates it.
 */
export function MethodChoice({
  current,
  methods,
  activates,
  disabled,
  onChoose,
}: {
  /** The saved method the top-up charges now. */
  current: string;
  /** The account's usable methods. */
  methods: readonly PaymentToken[];
  activates: boolean;
  disabled: boolean;
  onChoose: (paymentToken: string) => void;
}) {
  const t = useTranslations('common');
  const form = useId();
  // An invalid top-up's own method was declined: another one is offered first.
  const { options, others, chosen: first } = methodChoice(methods, current, activates);
  const [chosen, setChosen] = useState(first ?? current);
  const addLink = (
    <a className="auto-topup__add-method" href={PAYMENT_METHODS_PATH}>
      {t('autoTopupAddMethod')}
    </a>
  );
  if (others.length === 0) {
    return (
      <div className="auto-topup__method-choice">
        <p className="auto-topup__quiet">{t('autoTopupMethodOnlyOne')}</p>
        {addLink}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (activates || chosen !== current) onChoose(chosen);
  };
  return (
    <form className="auto-topup__method-choice" onSubmit={submit} noValidate>
      <SelectField
        form={form}
        name="paymentToken"
        label={t('autoTopupMethodSelect')}
        value={chosen}
        onChange={setChosen}
        options={options.map((method) => ({ value: method.id, label: methodName(method) }))}
        error={undefined}
      />
      <div className="auto-topup__form-actions">
        <button
          type="submit"
          className="button"
          disabled={disabled || (!activates && chosen === current)}
          data-testid="auto-topup-method-save"
        >
          {t(activates ? 'autoTopupMethodSaveAndActivate' : 'autoTopupMethodSave')}
        </button>
        {addLink}
      </div>
    </form>
  );
}
