'use client';

import { useTranslations } from 'next-intl';
import { AmountChoice } from './AmountChoice';
import { CashCodeField } from './CashCodeField';
import { LookupStatus } from './LookupStatus';
import { PhoneNumberField } from './PhoneNumberField';
import type { TopupFormProps } from './props';
import { TopupTotal } from './TopupTotal';
import { TopupTypeChoice } from './TopupTypeChoice';
import { useTopupForm } from './useTopupForm';

/** Phone number, amount and top-up type; checks the number's network before the shopper goes on. */
export function TopupForm(props: TopupFormProps) {
  const t = useTranslations('common');
  const form = useTopupForm(props);
  const { money, redeeming, errors, lookup, otherOperator } = form;
  return (
    <form className="topup-form" onSubmit={form.submit} noValidate data-testid="topup-form">
      <h2>{t('topupFormTitle')}</h2>
      <PhoneNumberField
        countryCodes={props.phoneCountryCodes}
        {...form.phoneNumber}
        error={errors.phone ?? otherOperator?.message}
        errorLink={errors.phone ? undefined : otherOperator?.brandPage}
      />
      <AmountChoice
        fixedAmounts={props.fixedAmounts}
        typedRange={redeeming ? props.cashCode?.range : props.range}
        redeeming={redeeming}
        {...form.amountChoice}
        placeholder={props.amountPlaceholders?.map(money).join(' – ')}
        money={money}
        error={errors.amount}
      />
      {redeeming && (
        <CashCodeField cashCode={form.cashCode} setCashCode={form.setCashCode} error={errors.cashCode} />
      )}
      {props.topupTypes.length > 1 && (
        <TopupTypeChoice
          topupTypes={props.topupTypes}
          topupType={form.topupType}
          setTopupType={form.setTopupType}
          automatic={props.automatic}
          money={money}
        />
      )}
      <TopupTotal
        amount={form.chosenAmount}
        fees={props.serviceFees}
        currency={props.currency}
        money={money}
      />
      <button type="submit" className="button" disabled={form.busy}>
        {lookup.state === 'done' && lookup.tone === 'warning' ? t('continueAnyway') : t('continue')}
      </button>
      <LookupStatus lookup={lookup} />
    </form>
  );
}
