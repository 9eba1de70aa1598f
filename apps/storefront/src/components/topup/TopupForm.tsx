'use client';

import {
  callingCode,
  formatMoney,
  isAmountInRange,
  messageKeyFor,
  type PriceRange,
  parseMsisdn,
  withLeadingPlus,
} from '@shop/domain';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useRef, useState } from 'react';
import { savePhoneNumber } from '../../lib/phone-number-cookie';
import { addToCart } from '../../lib/shop-api';
import { useAlert } from '../Alerts';

export interface FixedAmount {
  productId: string;
  amount: number;
  purchasable: boolean;
  statusLabel: string | undefined;
}

export interface TopupFormProps {
  brand: { brandId: string; name: string };
  currency: string;
  phoneCountryCodes: string[];
  fixedAmounts: FixedAmount[];
  range: (PriceRange & { productId: string }) | null;
  /** Where the shopper goes once the top-up is in the cart. */
  afterAdding: string;
  amountPlaceholders: number[] | undefined;
  topupTypes: ('ONCE_OFF' | 'AUTOMATIC' | 'SMS' | 'CASH_CODE')[];
  /** The automatic top-up on offer: tops up the chosen amount when the balance falls below the limit. */
  automatic: { productId: string; range: PriceRange; lowBalanceLimit: number } | null;
  /** The cash-code top-up on offer: the code pays for an amount of its range. */
  cashCode: { productId: string; range: PriceRange } | null;
  /** From the page's `?msisdn=…&amount=…` (amount in major units). */
  initial: { msisdn?: string; amount?: string };
}

type Lookup =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; tone: 'success' | 'warning'; message: string; msisdn: string };

interface NumberLookupAnswer {
  msisdn: string;
  found: boolean;
  brandId?: string;
  brandName?: string;
}

function initialAmount(initial: string | undefined): { amount: number | null; other: string } {
  const major = Number.parseFloat((initial ?? '').replace(',', '.'));
  if (!Number.isFinite(major) || major <= 0) return { amount: null, other: '' };
  return { amount: Math.round(major * 100), other: String(initial) };
}

/** Phone number, amount and top-up type; checks the number's network before the shopper goes on. */
export function TopupForm(props: TopupFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const ids = {
    phone: useId(),
    country: useId(),
    phoneError: useId(),
    amountError: useId(),
    other: useId(),
    cashCode: useId(),
    cashCodeHint: useId(),
    cashCodeError: useId(),
  };
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
  const [errors, setErrors] = useState<{ phone?: string; amount?: string; cashCode?: string }>({});
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const money = (minor: number) => formatMoney(minor, props.currency, locale);
  const showAlert = useAlert();
  const [adding, setAdding] = useState(false);
  const addition = useRef({ signature: '', key: '' });

  const redeeming = topupType === 'CASH_CODE' && props.cashCode !== null;
  /** The amounts the shopper may type: the cash code's range, else the ranged top-up's. */
  const typedRange = redeeming ? props.cashCode?.range : props.range;

  /** The cart item for the chosen type; SMS top-ups are set up in a later step. */
  function cartItem(msisdn: string, minor: number): object | undefined {
    if (topupType === 'CASH_CODE' && props.cashCode) {
      return {
        productId: props.cashCode.productId,
        amount: minor,
        phoneNumber: msisdn,
        cashCode: cashCode.trim(),
      };
    }
    if (topupType === 'AUTOMATIC' && props.automatic) {
      return {
        productId: props.automatic.productId,
        amount: minor,
        phoneNumber: msisdn,
        autoTopupOption: 'LOW_BALANCE',
        lowBalanceOption: { lowBalanceLimit: props.automatic.lowBalanceLimit },
      };
    }
    if (topupType !== 'ONCE_OFF') return undefined;
    const fixed = props.fixedAmounts.find((candidate) => candidate.amount === amount);
    return fixed
      ? { productId: fixed.productId, phoneNumber: msisdn }
      : { productId: props.range?.productId ?? '', amount: minor, phoneNumber: msisdn };
  }

  /** Adds the top-up to the cart and keeps its number for the checkout. */
  async function putInCart(msisdn: string, minor: number) {
    const item = cartItem(msisdn, minor);
    if (!item) return;
    const signature = JSON.stringify(item);
    // One key per distinct item while the page lives: a double click or a retry adds it once.
    if (addition.current.signature !== signature) addition.current = { signature, key: crypto.randomUUID() };
    setAdding(true);
    const result = await addToCart([item], addition.current.key);
    if (result.ok) {
      savePhoneNumber(msisdn);
      window.location.assign(props.afterAdding);
      return;
    }
    setAdding(false);
    showAlert({ messageKey: messageKeyFor(result.code) });
  }

  function chosenAmount(): number | null {
    if (amount !== null && !redeeming) return amount;
    const major = Number.parseFloat(otherAmount.replace(',', '.'));
    return Number.isFinite(major) ? Math.round(major * 100) : null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = parseMsisdn(phone, [
      country,
      ...props.phoneCountryCodes.filter((code) => code !== country),
    ]);
    const minor = chosenAmount();
    const next: typeof errors = {};
    if (!number.ok)
      next.phone = t(
        number.reason === 'COUNTRY_NOT_ALLOWED' ? 'phoneCountryNotAllowed' : 'invalidPhoneNumber',
      );
    const range =
      topupType === 'AUTOMATIC'
        ? props.automatic?.range
        : redeeming
          ? props.cashCode?.range
          : amount === null
            ? props.range
            : null;
    if (minor === null) next.amount = t('amountRequired');
    else if (range && !isAmountInRange(minor, range)) {
      next.amount = t('amountOutOfRange', {
        min: money(range.min),
        max: money(range.max),
        step: money(range.step),
      });
    }
    if (redeeming && cashCode.trim() === '') next.cashCode = t('cashCodeRequired');
    setErrors(next);
    if (!number.ok || next.amount || next.cashCode || minor === null) return;
    if (lookup.state === 'done' && lookup.tone === 'warning' && lookup.msisdn === number.msisdn) {
      // The shopper has seen the warning about this number and goes on with it.
      await putInCart(number.msisdn, minor);
      return;
    }
    const done = { state: 'done' as const, msisdn: number.msisdn };
    const warn = (message: string) => setLookup({ ...done, tone: 'warning', message });

    setLookup({ state: 'checking' });
    try {
      const response = await fetch(
        `/api/shop/rest/number-lookup?msisdn=${encodeURIComponent(number.msisdn)}`,
      );
      if (response.status === 429) {
        // Refused, not unavailable: the shopper is asked to wait instead of warned about the number.
        const refusal = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
        setLookup({ state: 'idle' });
        showAlert({ messageKey: messageKeyFor(refusal?.code) });
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as NumberLookupAnswer;
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
        await putInCart(number.msisdn, minor);
      }
    } catch {
      warn(t('lookupUnavailable'));
    }
  }

  const placeholder = props.amountPlaceholders?.map(money).join(' – ');
  return (
    <form className="topup-form" onSubmit={submit} noValidate data-testid="topup-form">
      <h2>{t('topupFormTitle')}</h2>
      <div className="field">
        <label htmlFor={ids.phone}>{t('phoneNumberLabel')}</label>
        <div className="phone-input">
          <label className="visually-hidden" htmlFor={ids.country}>
            {t('phoneCountryLabel')}
          </label>
          <select id={ids.country} value={country} onChange={(event) => setCountry(event.target.value)}>
            {props.phoneCountryCodes.map((code) => (
              <option key={code} value={code}>
                {`${code.toUpperCase()} ${callingCode(code)}`}
              </option>
            ))}
          </select>
          <input
            id={ids.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? ids.phoneError : undefined}
          />
        </div>
        {errors.phone && (
          <p className="field__error" id={ids.phoneError}>
            {errors.phone}
          </p>
        )}
      </div>

      <fieldset className="field" aria-describedby={errors.amount ? ids.amountError : undefined}>
        <legend>{t('amountLabel')}</legend>
        {!redeeming && (
          <div className="amount-options">
            {props.fixedAmounts.map((fixed) => (
              <label
                key={fixed.productId}
                className="amount-option"
                data-disabled={!fixed.purchasable || undefined}
              >
                <input
                  type="radio"
                  name="amount"
                  value={fixed.amount}
                  checked={amount === fixed.amount}
                  disabled={!fixed.purchasable}
                  onChange={() => {
                    setAmount(fixed.amount);
                    setOtherAmount('');
                  }}
                />
                <span>{money(fixed.amount)}</span>
                {fixed.statusLabel && <span className="amount-option__status">{fixed.statusLabel}</span>}
              </label>
            ))}
          </div>
        )}
        {typedRange && (
          <div className="other-amount">
            <label htmlFor={ids.other}>
              {t(redeeming ? 'cashCodeAmountLabel' : 'otherAmountLabel', {
                min: money(typedRange.min),
                max: money(typedRange.max),
              })}
            </label>
            <input
              id={ids.other}
              type="text"
              inputMode="decimal"
              value={otherAmount}
              placeholder={placeholder}
              onChange={(event) => {
                setOtherAmount(event.target.value);
                setAmount(null);
              }}
            />
          </div>
        )}
        {errors.amount && (
          <p className="field__error" id={ids.amountError}>
            {errors.amount}
          </p>
        )}
      </fieldset>

      {redeeming && (
        <div className="field">
          <label htmlFor={ids.cashCode}>{t('cashCodeLabel')}</label>
          <input
            id={ids.cashCode}
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            value={cashCode}
            onChange={(event) => setCashCode(event.target.value)}
            aria-invalid={errors.cashCode ? true : undefined}
            aria-describedby={[ids.cashCodeHint, errors.cashCode ? ids.cashCodeError : '']
              .filter(Boolean)
              .join(' ')}
          />
          <p className="field__hint" id={ids.cashCodeHint}>
            {t('cashCodeHint')}
          </p>
          {errors.cashCode && (
            <p className="field__error" id={ids.cashCodeError}>
              {errors.cashCode}
            </p>
          )}
        </div>
      )}

      {props.topupTypes.length > 1 && (
        <fieldset className="field">
          <legend>{t('topupTypeLabel')}</legend>
          <div className="topup-types">
            {props.topupTypes.map((type) => (
              <label key={type} className="amount-option">
                <input
                  type="radio"
                  name="topupType"
                  value={type}
                  checked={topupType === type}
                  onChange={() => setTopupType(type)}
                />
                <span>{t(`topupType_${type}`)}</span>
              </label>
            ))}
          </div>
          {topupType === 'AUTOMATIC' && props.automatic && (
            <p className="field__hint">
              {t('automaticTopupHint', { limit: money(props.automatic.lowBalanceLimit) })}
            </p>
          )}
          {topupType === 'SMS' && <p className="field__hint">{t('topupTypeLater')}</p>}
        </fieldset>
      )}

      <button type="submit" className="button" disabled={lookup.state === 'checking' || adding}>
        {lookup.state === 'done' && lookup.tone === 'warning' ? t('continueAnyway') : t('continue')}
      </button>
      <p
        role="status"
        className={`lookup lookup--${lookup.state === 'done' ? lookup.tone : 'idle'}`}
        data-testid="lookup-result"
      >
        {lookup.state === 'checking' ? t('lookupChecking') : lookup.state === 'done' ? lookup.message : ''}
      </p>
    </form>
  );
}
