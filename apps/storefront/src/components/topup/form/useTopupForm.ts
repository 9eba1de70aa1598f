'use client';

import { formatMoney, messageKeyFor, numberVerdict, ownerFromLookup } from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { rememberSetupMethod } from '../../../lib/setup-method';
import { useAlert } from '../../Alerts';
import { type AutomaticChoice, automaticFromFields, automaticStart } from './automatic';
import { amountTiles, cartItem, initialAmount, isRedeeming, setsUpOnly } from './cart-item';
import { chosenAmount, describeProblems, topupProblems } from './check';
import { loadSubmission } from './load-submission';
import type { FieldErrors, TopupFormProps, TopupType } from './props';
import { type SmsChoice, smsStart } from './sms';
import { useCartAddition } from './useCartAddition';

/** The check of the number's network before the shopper goes on. */
export type Lookup =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; tone: 'success' | 'warning'; message: string; msisdn: string };

/**
 * A number that another brand owns: no top-up of this form can go to it (decision 0027). Shown
 * next to the number until the number changes, with a link to that brand's page when the shop
 * sells it.
 */
export interface OtherOperator {
  message: string;
  brandPage?: { href: string; label: string };
}

/**
 * The top-up form's state and its submission: checks the input, looks the number up, refuses a
 * number of another brand (offering that brand's page when the shop sells it), warns about a
 * number it could not check (a second submit goes on with it) and puts the top-up in the cart.
 */
export function useTopupForm(props: TopupFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, props.currency, locale);
  const [country, setCountry] = useState(props.initial.country ?? props.phoneCountries[0]?.code ?? 'de');
  const [phone, setPhone] = useState(props.initial.msisdn ?? '');
  const [otherOperator, setOtherOperator] = useState<OtherOperator | null>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  // Once the refusal shows, the number field (which it describes) takes the focus, so that a
  // screen reader reads it out.
  useEffect(() => {
    if (otherOperator) phoneInput.current?.focus();
  }, [otherOperator]);
  const start = initialAmount(props.initial.amount);
  const startsFixed = props.fixedAmounts.some((fixed) => fixed.amount === start.amount && fixed.purchasable);
  const [amount, setAmount] = useState<number | null>(startsFixed ? start.amount : null);
  const [otherAmount, setOtherAmount] = useState(startsFixed ? '' : start.other);
  const [topupType, setTopupType] = useState(
    props.topupTypes.find((type) => type === props.initial.topupType) ?? props.topupTypes[0] ?? 'ONCE_OFF',
  );
  const [cashCode, setCashCode] = useState('');
  const [automatic, setAutomatic] = useState<AutomaticChoice | undefined>(() => {
    const offer = props.automatic;
    if (!offer) return undefined;
    const start = automaticStart(offer);
    return automaticFromFields(offer, (name) => props.initial.automatic?.[name], start) ?? start;
  });
  const [sms, setSms] = useState<SmsChoice | undefined>(() => (props.sms ? smsStart() : undefined));
  const savedMethods = useSavedMethods(props.signedIn && (topupType === 'AUTOMATIC' || topupType === 'SMS'));
  const [errors, setErrors] = useState<FieldErrors>(props.initialErrors ?? {});
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const showAlert = useAlert();
  const { adding, putInCart } = useCartAddition(props.afterAdding);
  const redeeming = isRedeeming(props, topupType);
  // A set-up without a top-up now is only offered (and sent) with a saved method to charge.
  const hasSavedMethod = (savedMethods?.length ?? 0) > 0;
  const setupOnly = automatic?.setupOnly === true && hasSavedMethod;
  const smsSetupOnly = sms?.setupOnly === true && hasSavedMethod;
  const choice = {
    topupType,
    amount,
    cashCode,
    automatic: automatic && { ...automatic, setupOnly },
    sms: sms && { ...sms, setupOnly: smsSetupOnly },
    lightCode: props.lightCode,
  };

  const input = { ...choice, otherAmount };
  const minor = chosenAmount(props, input);

  async function add(msisdn: string, minor: number | null) {
    const item = cartItem(props, choice, msisdn, minor);
    if (!item) return;
    const setup = topupType === 'SMS' ? choice.sms : choice.automatic;
    if (item.setupOnly && setup) rememberSetupMethod(setup.savedMethod);
    await putInCart(item, msisdn);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { parseMsisdn, lookUpNumber } = await loadSubmission();
    const number = parseMsisdn(phone, [
      country,
      ...props.phoneCountries.map(({ code }) => code).filter((code) => code !== country),
    ]);
    const problems = topupProblems(props, input, number);
    setErrors(describeProblems(problems, t, money));
    if (!number.ok || Object.keys(problems).length > 0 || (minor === null && !setsUpOnly(choice))) return;
    if (otherOperator) {
      // The number stays refused until it changes: nothing to look up again.
      phoneInput.current?.focus();
      return;
    }
    if (lookup.state === 'done' && lookup.tone === 'warning' && lookup.msisdn === number.msisdn) {
      // The shopper has seen the warning about this number (it could not be checked) and goes on with it.
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
      const verdict = numberVerdict(
        { kind: topupType, brandId: props.brand.brandId },
        ownerFromLookup(answer),
      );
      if (!verdict.ok) {
        await refuseNumber(number.msisdn, shown, verdict.owner, answer.found && answer.sellsBrand, minor);
      } else if (!verdict.confirmed) {
        warn(t('lookupUnknown', { number: shown }));
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

  /** Refuses a number of another brand next to the field, offering that brand's page if the shop sells it. */
  async function refuseNumber(
    msisdn: string,
    shown: string,
    owner: { brandId: string; brandName: string },
    sold: boolean,
    minor: number | null,
  ) {
    const texts = { number: shown, brand: owner.brandName, expected: props.brand.name };
    const path = sold ? props.brandRoutes[owner.brandId] : undefined;
    const { brandPageLink } = await loadSubmission();
    const brandPage = path
      ? {
          href: await brandPageLink(path, owner.brandId, msisdn, minor),
          label: t('lookupGoToBrand', { brand: owner.brandName }),
        }
      : undefined;
    setOtherOperator({
      message: t(brandPage ? 'lookupOtherBrandSold' : 'lookupOtherBrand', texts),
      brandPage,
    });
    setLookup({ state: 'idle' });
  }

  /** A change of the number (or of its country) lifts its refusal. */
  function changeNumber<T>(set: (value: T) => void) {
    return (value: T) => {
      setOtherOperator(null);
      set(value);
    };
  }

  return {
    money,
    /** The amount chosen or typed so far, minor units; null while there is none. */
    chosenAmount: minor,
    phoneNumber: {
      country,
      setCountry: changeNumber(setCountry),
      phone,
      setPhone: changeNumber(setPhone),
      inputRef: phoneInput,
    },
    /** A number of another brand, refused next to the number until it changes. */
    otherOperator,
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
    /** Changes the type; a tile the new type does not offer becomes the amount typed. */
    setTopupType: (type: TopupType) => {
      setTopupType(type);
      const tiles = amountTiles(props.fixedAmounts, props, type);
      if (amount !== null && !tiles.some((tile) => tile.amount === amount && tile.purchasable)) {
        setOtherAmount(String(amount / 100));
        setAmount(null);
      }
    },
    automatic: automatic && {
      choice: { ...automatic, setupOnly },
      change: (patch: Partial<AutomaticChoice>) =>
        setAutomatic((current) => current && { ...current, ...patch }),
      savedMethods,
    },
    sms: sms && {
      choice: { ...sms, setupOnly: smsSetupOnly },
      change: (patch: Partial<SmsChoice>) => setSms((current) => current && { ...current, ...patch }),
      savedMethods,
    },
    cashCode,
    setCashCode,
    redeeming,
    errors,
    lookup,
    busy: lookup.state === 'checking' || adding,
    submit,
  };
}

/**
 * The signed-in shopper's saved methods, read once `wanted` (an automatic top-up is being set
 * up); undefined until then or while they are read.
 */
function useSavedMethods(wanted: boolean): PaymentToken[] | undefined {
  const [methods, setMethods] = useState<PaymentToken[] | undefined>(undefined);
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    void loadSubmission()
      .then(({ savedPaymentMethods }) => savedPaymentMethods())
      .then(setMethods, () => setMethods([]));
  }, [wanted]);
  return methods;
}
