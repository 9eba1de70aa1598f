'use client';

import { formatMoney, isAmountInRange, messageKeyFor, parseMsisdn, withLeadingPlus } from '@shop/domain';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { useAlert } from '../../Alerts';
import { cartItem, initialAmount, isRedeeming, rangeToCheck } from './cart-item';
import { lookUpNumber } from './number-lookup';
import type { FieldErrors, TopupFormProps } from './props';
import { useCartAddition } from './useCartAddition';

/** The check of the number's network before the shopper goes on. */
export type Lookup =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; tone: 'success' | 'warning'; message: string; msisdn: string };

/**
 * The top-up form's state and its submission: checks the input, looks the number up, warns
 * about a number of another network (a second submit goes on with it) and puts the top-up in
 * the cart.
 */
export function useTopupForm(props: TopupFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, props.currency, locale);
  // An unencoded `+` in `?msisdn=+49…` arrives as a space.
  const initialMsisdn = props.initial.msisdn ? withLeadingPlus(props.initial.msisdn) : '';
  const parsedInitial = initialMsisdn ? parseMsisdn(initialMsisdn, props.phoneCountryCodes) : undefined;
  const [country, setCountry] = useState(
    parsedInitial?.ok ? parsedInitial.country : (props.phoneCountryCodes[0] ?? 'de'),
  );
  const [phone, setPhone] = useState(initialMsisdn);
  const start = initialAmount(props.initial.amount);
  const startsFixed = props.fixedAmounts.some((fixed) => fixed.amount === start.amount && fixed.purchasable);
  const [amount, setAmount] = useState<number | null>(startsFixed ? start.amount : null);
  const [otherAmount, setOtherAmount] = useState(startsFixed ? '' : start.other);
  const [topupType, setTopupType] = useState(props.topupTypes[0] ?? 'ONCE_OFF');
  const [cashCode, setCashCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const showAlert = useAlert();
  const { adding, putInCart } = useCartAddition(props.afterAdding);
  const redeeming = isRedeeming(props, topupType);
  const choice = { topupType, amount, cashCode };

  function chosenAmount(): number | null {
    if (amount !== null && !redeeming) return amount;
    const major = Number.parseFloat(otherAmount.replace(',', '.'));
    return Number.isFinite(major) ? Math.round(major * 100) : null;
  }

  function amountError(minor: number | null): string | undefined {
    if (minor === null) return t('amountRequired');
    const range = rangeToCheck(props, choice);
    if (!range || isAmountInRange(minor, range)) return undefined;
    return t('amountOutOfRange', { min: money(range.min), max: money(range.max), step: money(range.step) });
  }

  async function add(msisdn: string, minor: number) {
    const item = cartItem(props, choice, msisdn, minor);
    if (item) await putInCart(item, msisdn);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = parseMsisdn(phone, [
      country,
      ...props.phoneCountryCodes.filter((code) => code !== country),
    ]);
    const minor = chosenAmount();
    const next: FieldErrors = {};
    if (!number.ok)
      next.phone = t(
        number.reason === 'COUNTRY_NOT_ALLOWED' ? 'phoneCountryNotAllowed' : 'invalidPhoneNumber',
      );
    const wrongAmount = amountError(minor);
    if (wrongAmount) next.amount = wrongAmount;
    if (redeeming && cashCode.trim() === '') next.cashCode = t('cashCodeRequired');
    setErrors(next);
    if (!number.ok || next.amount || next.cashCode || minor === null) return;
    if (lookup.state === 'done' && lookup.tone === 'warning' && lookup.msisdn === number.msisdn) {
      // The shopper has seen the warning about this number and goes on with it.
      await add(number.msisdn, minor);
      return;
    }
    const done = { state: 'done' as const, msisdn: number.msisdn };
    const warn = (message: string) => setLookup({ ...done, tone: 'warning', message });

    setLookup({ state: 'checking' });
    try {
      const result = await lookUpNumber(number.msisdn);
      if (result.kind === 'refused') {
        setLookup({ state: 'idle' });
        showAlert({ messageKey: messageKeyFor(result.code) });
        return;
      }
      const { answer } = result;
      const shown = number.international;
      if (!answer.found) warn(t('lookupUnknown', { number: shown }));
      else if (answer.brandId !== props.brand.brandId) {
        warn(
          t('lookupOtherBrand', { number: shown, brand: answer.brandName ?? '', expected: props.brand.name }),
        );
      } else {
        setLookup({
          ...done,
          tone: 'success',
          message: t('lookupMatches', { number: shown, brand: props.brand.name }),
        });
        await add(number.msisdn, minor);
      }
    } catch {
      warn(t('lookupUnavailable'));
    }
  }

  return {
    money,
    /** The amount chosen or typed so far, minor units; null while there is none. */
    chosenAmount: chosenAmount(),
    phoneNumber: { country, setCountry, phone, setPhone },
    amountChoice: {
      amount,
      otherAmount,
      chooseFixed: (fixed: number) => {
        setAmount(fixed);
        setOtherAmount('');
      },
      typeOther: (typed: string) => {
        setOtherAmount(typed);
        setAmount(null);
      },
    },
    topupType,
    setTopupType,
    cashCode,
    setCashCode,
    redeeming,
    errors,
    lookup,
    busy: lookup.state === 'checking' || adding,
    submit,
  };
}
