'use client';

import {
  BANKS,
  type CryptoCurrency,
  formatMoney,
  PASSWORD_MIN_LENGTH,
  SAVABLE_PAYMENT_METHODS,
} from '@shop/domain';
import type { AdditionalData } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { newPasswordProblem } from '../auth/checks';
import { PasswordField } from '../auth/fields';
import { ApplePayButton } from './ApplePayButton';
import { BankSelect } from './BankSelect';
import type { CardBrand } from './CardBrands';
import { CryptoCurrencyChoice } from './CryptoCurrencyChoice';
import { OrderConsent } from './OrderConsent';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { EMAIL, ReceiptEmailField } from './ReceiptEmailField';
import type { AccountProblem, PaymentChoice } from './useCheckoutFlow';
import { useHydrated } from './useHydrated';

export interface PaymentFormProps {
  methods: readonly string[];
  cardBrands: readonly CardBrand[];
  /** The cart's total as the server priced it, minor units. */
  total: number;
  currency: string;
  busy: boolean;
  /** The last PayPal start failed: PayPal says so beside its choice. */
  payPalTransactionError: boolean;
  onPay: (choice: PaymentChoice) => void;
  /** The button that sends the form (focus returns to it after the code dialog). */
  payButtonRef: Ref<HTMLButtonElement>;
  /** Spec §6: a guest on a tenant with accounts may open one while paying. */
  offerAccount: boolean;
  /** The signed-in shopper's e-mail, to start with. */
  initialEmail?: string | undefined;
  /** The API refused the account asked for: shown next to its field. */
  accountProblem?: AccountProblem | undefined;
}

type Errors = { email?: string; password?: string; method?: string; bank?: string; consent?: string };

function additionalData(method: string, bank: string, crypto: CryptoCurrency): AdditionalData | undefined {
  const issuer = BANKS.find((candidate) => candidate.issuerId === bank);
  if (method === 'ideal' && issuer) return { ideal: { issuerId: issuer.issuerId } };
  if (method === 'crypto') return { triplea: { cryptoCurrency: crypto } };
  return undefined;
}

/** The payment form: e-mail for the receipt, the method and what it needs, and the pay button. */
export function PaymentForm({
  methods,
  cardBrands,
  total,
  currency,
  busy,
  payPalTransactionError,
  onPay,
  payButtonRef,
  offerAccount,
  initialEmail,
  accountProblem,
}: PaymentFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const methodErrorId = useId();
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    method: useRef<HTMLInputElement>(null),
    bank: useRef<HTMLSelectElement>(null),
    consent: useRef<HTMLInputElement>(null),
  };
  const [email, setEmail] = useState(initialEmail ?? '');
  const [createAccount, setCreateAccount] = useState(false);
  const [accountPassword, setAccountPassword] = useState('');
  const [method, setMethod] = useState<string | undefined>(undefined);
  const [bank, setBank] = useState('');
  const [crypto, setCrypto] = useState<CryptoCurrency>('BTC');
  const [savePayment, setSavePayment] = useState(false);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // Until the page runs, a click would send the form without its checks: nothing can be used yet.
  const hydrated = useHydrated();
  const savable = method !== undefined && (SAVABLE_PAYMENT_METHODS as readonly string[]).includes(method);
  const amount = formatMoney(total, currency, locale);
  const emailInput = refs.email;
  const passwordInput = refs.password;

  useEffect(() => {
    if (!accountProblem) return;
    setErrors((current) => ({ ...current, [accountProblem.field]: t(accountProblem.messageKey) }));
    (accountProblem.field === 'email' ? emailInput : passwordInput).current?.focus();
  }, [accountProblem, t, emailInput, passwordInput]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!EMAIL.test(email.trim())) next.email = t('emailInvalid');
    const passwordProblem = createAccount ? newPasswordProblem(accountPassword) : undefined;
    if (passwordProblem) next.password = t(passwordProblem);
    if (!method) next.method = t('paymentMethodRequired');
    else if (method === 'ideal' && !bank) next.bank = t('bankRequired');
    if (!consent) next.consent = t('withdrawalConsentRequired');
    setErrors(next);
    if (next.email) refs.email.current?.focus();
    else if (next.password) refs.password.current?.focus();
    else if (next.method) refs.method.current?.focus();
    else if (next.bank) refs.bank.current?.focus();
    else if (next.consent) refs.consent.current?.focus();
    if (!method || Object.keys(next).length > 0) return;
    const data = additionalData(method, bank, crypto);
    onPay({
      email: email.trim(),
      paymentMethod: method,
      savePayment: savable && savePayment,
      ...(data ? { additionalData: data } : {}),
      ...(createAccount ? { accountPassword } : {}),
    });
  }

  return (
    <form className="payment-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="payment-form">
      <h2>{t('paymentFormTitle')}</h2>
      <fieldset className="payment-form__fields" disabled={!hydrated}>
        <ReceiptEmailField value={email} onChange={setEmail} error={errors.email} inputRef={refs.email} />
        {offerAccount && (
          <div className="create-account">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={createAccount}
                onChange={(event) => {
                  setCreateAccount(event.target.checked);
                  if (!event.target.checked) setErrors((current) => ({ ...current, password: undefined }));
                }}
                data-testid="create-account"
              />
              <span>{t('createAccountLabel')}</span>
            </label>
            {createAccount && (
              <PasswordField
                label={t('accountPasswordLabel')}
                autoComplete="new-password"
                hint={t('passwordRule', { min: PASSWORD_MIN_LENGTH })}
                value={accountPassword}
                onChange={(value) => {
                  setAccountPassword(value);
                  if (errors.password) {
                    const problem = newPasswordProblem(value);
                    setErrors((current) => ({ ...current, password: problem ? t(problem) : undefined }));
                  }
                }}
                error={errors.password}
                inputRef={refs.password}
              />
            )}
          </div>
        )}

        <PaymentMethodChoice
          methods={methods}
          cardBrands={cardBrands}
          value={method}
          onChange={(chosen) => {
            setMethod(chosen);
            setErrors((current) => ({ ...current, method: undefined, bank: undefined }));
          }}
          error={errors.method}
          errorId={methodErrorId}
          firstRef={refs.method}
          payPalTransactionError={payPalTransactionError}
        />

        {method === 'ideal' && (
          <BankSelect value={bank} onChange={setBank} error={errors.bank} selectRef={refs.bank} />
        )}
        {method === 'crypto' && <CryptoCurrencyChoice value={crypto} onChange={setCrypto} />}
        {method === 'paymentlink' && <p className="field__hint">{t('paymentLinkExplained')}</p>}
        {savable && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={savePayment}
              onChange={(event) => setSavePayment(event.target.checked)}
            />
            <span>{t('savePaymentMethod')}</span>
          </label>
        )}

        <p className="amount-due" data-testid="amount-due">
          <span>{t('amountDue')}</span> <strong>{amount}</strong>
        </p>
        <OrderConsent
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            if (checked) setErrors((current) => ({ ...current, consent: undefined }));
          }}
          error={errors.consent}
          inputRef={refs.consent}
        />
        {method === 'applepay' ? (
          <ApplePayButton disabled={busy} buttonRef={payButtonRef} />
        ) : (
          <button ref={payButtonRef} type="submit" className="button pay-button" disabled={busy}>
            {method === 'paymentlink' ? t('createPaymentLink', { amount }) : t('orderWithObligationToPay')}
          </button>
        )}
      </fieldset>
      <p role="status" className="visually-hidden">
        {busy ? t('paymentBusy') : ''}
      </p>
    </form>
  );
}
