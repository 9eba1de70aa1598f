'use client';

import { isAmountInRange, type PriceRange } from '@shop/domain';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { AmountChoice } from './AmountChoice';
import { isLightChoice } from './automatic';
import { CashCodeField } from './CashCodeField';
import { amountTiles } from './cart-item';
import { TOPUP_FIELDS, TOPUP_POST_PATH } from './form-post';
import { LookupStatus } from './LookupStatus';
import { loadSubmission } from './load-submission';
import { PhoneNumberField } from './PhoneNumberField';
import type { TopupFormProps } from './props';
import { TopupTotal } from './TopupTotal';
import { TopupTypeChoice } from './TopupTypeChoice';
import { useTopupForm } from './useTopupForm';

// The set-ups of an automatic or SMS top-up load when the shopper picks that type (warmed when
// focus enters the form), so that a main page's first load carries only the one-off top-up.
const AutomaticSetup = dynamic(() => import('./AutomaticSetup').then((setup) => setup.AutomaticSetup));
const SmsSetup = dynamic(() => import('./SmsSetup').then((setup) => setup.SmsSetup));

function loadSetups(props: TopupFormProps) {
  if (props.automatic) void import('./AutomaticSetup');
  if (props.sms) void import('./SmsSetup');
}

/**
 * Top-up type, phone number and amount (and for an automatic top-up, how it runs; for SMS
 * top-ups, the PIN); checks the number's network before the shopper goes on.
 */
export function TopupForm(props: TopupFormProps) {
  const t = useTranslations('common');
  const form = useTopupForm(props);
  const { money, redeeming, errors, lookup, otherOperator } = form;
  const locale = useLocale();
  const automatic = form.topupType === 'AUTOMATIC' && props.automatic ? form.automatic : undefined;
  const sms = form.topupType === 'SMS' && props.sms ? form.sms : undefined;
  const typedRange = redeeming
    ? props.cashCode?.range
    : automatic
      ? props.automatic?.range
      : sms
        ? props.sms?.range
        : props.range;
  // A registration without a top-up now asks for no amount and shows no total.
  const nothingNow =
    automatic?.choice.setupOnly ||
    (automatic && props.automatic && isLightChoice(props.automatic, automatic.choice)) ||
    sms?.choice.setupOnly;

  /** The tenant's example amounts that the range takes, as "e.g. € 5 or € 45"; none without any. */
  function amountExamples(amounts: number[] | undefined, range: PriceRange | null | undefined) {
    const fitting = (amounts ?? []).filter((amount) => !range || isAmountInRange(amount, range));
    if (fitting.length === 0) return undefined;
    const list = new Intl.ListFormat(locale, { type: 'disjunction' }).format(fitting.map(money));
    return t('amountExamples', { amounts: list });
  }
  return (
    // Sent before JavaScript runs, the form is posted to the shop's server, which puts the top-up in
    // the cart or brings the shopper back here with what they typed and what was wrong.
    <form
      className="topup-form"
      method="post"
      action={TOPUP_POST_PATH}
      onSubmit={form.submit}
      onFocus={() => {
        void loadSubmission();
        loadSetups(props);
      }}
      noValidate
      data-testid="topup-form"
    >
      <h2>{t('topupFormTitle')}</h2>
      <input type="hidden" name={TOPUP_FIELDS.brandId} value={props.brand.brandId} />
      <input type="hidden" name={TOPUP_FIELDS.back} value={props.pagePath} />
      <input type="hidden" name={TOPUP_FIELDS.idempotencyKey} value={props.idempotencyKey} />
      {props.lightCode && <input type="hidden" name={TOPUP_FIELDS.lightCode} value={props.lightCode} />}
      {props.topupTypes.length > 1 && (
        <TopupTypeChoice
          topupTypes={props.topupTypes}
          topupType={form.topupType}
          setTopupType={form.setTopupType}
        />
      )}
      <PhoneNumberField
        countries={props.phoneCountries}
        {...form.phoneNumber}
        error={errors.phone ?? otherOperator?.message}
        errorLink={errors.phone ? undefined : otherOperator?.brandPage}
      />
      {!sms?.choice.setupOnly && (
        <AmountChoice
          label={automatic ? t('autoTopupAmountLabel') : sms ? t('smsTopupFirstAmountLabel') : undefined}
          fixedAmounts={amountTiles(props.fixedAmounts, props, form.topupType)}
          typedRange={typedRange}
          redeeming={redeeming}
          {...form.amountChoice}
          placeholder={amountExamples(props.amountPlaceholders, typedRange)}
          money={money}
          error={errors.amount}
        />
      )}
      {redeeming && (
        <CashCodeField cashCode={form.cashCode} setCashCode={form.setCashCode} error={errors.cashCode} />
      )}
      {automatic && props.automatic && (
        <AutomaticSetup
          offer={props.automatic}
          choice={automatic.choice}
          change={automatic.change}
          savedMethods={automatic.savedMethods}
          amount={
            form.chosenAmount !== null && isAmountInRange(form.chosenAmount, props.automatic.range)
              ? form.chosenAmount
              : null
          }
          money={money}
          errors={errors}
        />
      )}
      {sms && props.sms && (
        <SmsSetup
          offer={props.sms}
          choice={sms.choice}
          change={sms.change}
          savedMethods={sms.savedMethods}
          errors={errors}
        />
      )}
      {!nothingNow && (
        <TopupTotal
          amount={form.chosenAmount}
          fees={props.serviceFees}
          currency={props.currency}
          money={money}
        />
      )}
      <button type="submit" className="button" disabled={form.busy}>
        {lookup.state === 'done' && lookup.tone === 'warning' ? t('continueAnyway') : t('continue')}
      </button>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <LookupStatus lookup={lookup} />
    </form>
  );
}
