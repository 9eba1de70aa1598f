'use client';

import type { VoucherDeliveryChannel, VoucherDeliveryTarget } from '@shop/domain';
import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react';
import { savedPhoneNumber } from '../../lib/phone-number-cookie';
import { rememberedSetupMethod } from '../../lib/setup-method';
import { fieldIds } from '../forms/field-ids';
import type { AccountProblem, PaymentChoice } from './checkout-flow';
import { firstProblem, type PaymentRules, paymentChoice, paymentProblems } from './payment-choice';
import { initialPaymentForm, type PaymentField, paymentFormReducer } from './payment-form-state';
import { loadVoucherPhone } from './VoucherDeliveryChoice';

type VoucherDelivery =
  | { ok: true; target: VoucherDeliveryTarget | undefined }
  | { ok: false; messageKey: string };

/** The PINs' channel and number in E.164, or the message key of the number's problem. */
async function voucherDelivery(
  channel: VoucherDeliveryChannel,
  phone: string,
  phoneCountries: readonly string[],
): Promise<VoucherDelivery> {
  if (channel === 'email') return { ok: true, target: undefined };
  const number = (await loadVoucherPhone()).readVoucherPhone(phone, phoneCountries);
  return number.ok
    ? { ok: true, target: { channel, phoneNumber: number.msisdn } }
    : { ok: false, messageKey: number.messageKey };
}

/**
 * The payment form's state and its sending: the form is checked as the pay button is pressed,
 * the focus going to the first problem, and a form without problems pays with `onPay`.
 */
export function usePaymentForm({
  rules,
  initialEmail,
  knownPhoneNumber,
  phoneCountries,
  busy,
  accountProblem,
  onPay,
}: {
  rules: PaymentRules;
  initialEmail: string | undefined;
  knownPhoneNumber: string | undefined;
  phoneCountries: readonly string[];
  busy: boolean;
  accountProblem: AccountProblem | undefined;
  onPay: (choice: PaymentChoice) => void;
}) {
  const formId = useId();
  const [state, dispatch] = useReducer(
    paymentFormReducer,
    { email: initialEmail, phoneNumber: knownPhoneNumber, country: rules.billingAddress?.country.code ?? '' },
    initialPaymentForm,
  );
  const refs = {
    email: useRef<HTMLInputElement>(null),
    voucherPhone: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    method: useRef<HTMLInputElement>(null),
    bank: useRef<HTMLSelectElement>(null),
    consent: useRef<HTMLInputElement>(null),
  } satisfies Record<PaymentField, unknown>;
  const { setup, savedMethods } = rules;

  // A guest's number from the last top-up, where the account gives none.
  useEffect(() => {
    if (knownPhoneNumber) return;
    const saved = savedPhoneNumber();
    if (saved) dispatch({ type: 'lastNumberFound', phone: saved });
  }, [knownPhoneNumber]);

  // A free set-up starts with the saved method chosen on the top-up form (or the only one).
  useEffect(() => {
    if (setup !== 'free') return;
    const remembered = rememberedSetupMethod();
    const chosen =
      savedMethods.length === 1 ? savedMethods[0] : savedMethods.find((saved) => saved.id === remembered);
    if (chosen) dispatch({ type: 'savedMethodRemembered', tokenId: chosen.id });
  }, [setup, savedMethods]);

  const emailInput = refs.email;
  const passwordInput = refs.password;
  useEffect(() => {
    if (!accountProblem) return;
    dispatch({ type: 'accountRefused', problem: accountProblem });
    (accountProblem.field === 'email' ? emailInput : passwordInput).current?.focus();
  }, [accountProblem, emailInput, passwordInput]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const pins = await voucherDelivery(state.voucherChannel, state.voucherPhone, phoneCountries);
    const problems = paymentProblems(state, rules, pins.ok ? undefined : pins.messageKey);
    dispatch({ type: 'checked', problems });
    const first = firstProblem(problems);
    if (first === undefined) {
      const choice = paymentChoice(state, rules, pins.ok ? pins.target : undefined);
      if (choice) onPay(choice);
    } else if (first in refs) {
      refs[first as PaymentField].current?.focus();
    } else {
      document.getElementById(fieldIds(formId, first).input)?.focus();
    }
  }

  return { formId, state, dispatch, refs, submit };
}
