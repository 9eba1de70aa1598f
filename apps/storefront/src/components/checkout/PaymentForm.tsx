'use client';

import {
  BANKS,
  type CryptoCurrency,
  formatMoney,
  SAVABLE_PAYMENT_METHODS,
  type VoucherDeliveryChannel,
} from '@shop/domain';
import type { AdditionalData, PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import type { CartSetup } from '../../lib/auto-topup-setup';
import { savedPhoneNumber } from '../../lib/phone-number-cookie';
import { rememberedSetupMethod } from '../../lib/setup-method';
import type { FieldErrors } from '../account/profile-checks';
import { newPasswordProblem } from '../auth/checks';
import { ApplePayButton } from './ApplePayButton';
import { BankSelect } from './BankSelect';
import {
  BillingAddress,
  type BillingAddressField,
  type BillingAddressRules,
  billingAddressProblems,
  emptyBillingAddress,
} from './BillingAddress';
import type { CardBrand } from './CardBrands';
import { CheckoutAccount } from './CheckoutAccount';
import { CryptoCurrencyChoice } from './CryptoCurrencyChoice';
import { OrderConsent } from './OrderConsent';
import { PaymentMethodChoice, SAVED_METHOD_PREFIX } from './PaymentMethodChoice';
import { EMAIL, ReceiptEmailField } from './ReceiptEmailField';
import type { AccountProblem, PaymentChoice } from './useCheckoutFlow';
import { useHydrated } from './useHydrated';
import { loadVoucherPhone, VoucherDeliveryChoice } from './VoucherDeliveryChoice';

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
  signedIn: boolean;
  /** The sign-in page, coming back here. */
  signInPath: string;
  /** The signed-in shopper's saved methods: the first choices, charged at once (none for a guest). */
  savedMethods: readonly PaymentToken[];
  /** What the cart sets up for later: an automatic or SMS top-up needs an account and a method it can charge. */
  setup: CartSetup;
  /** Which later top-ups it sets up, for the words that name them. */
  setupKind: 'AUTOMATIC' | 'SMS';
  /** The signed-in shopper's e-mail, to start with. */
  initialEmail?: string | undefined;
  /** The API refused the account asked for: shown next to its field. */
  accountProblem?: AccountProblem | undefined;
  /** The app flow asks for the shopper's names and address (spec §3); undefined elsewhere. */
  billingAddress?: BillingAddressRules | undefined;
  /**
   * How the cart's voucher PINs may reach the shopper (the tenant's channels, decision 0048); none
   * where there is nothing to choose (no voucher, or e-mail only).
   */
  voucherChannels?: readonly VoucherDeliveryChannel[];
  /** The countries whose numbers the shop takes (tenant phoneCountryCodes). */
  phoneCountries?: readonly string[];
  /** The number the shop knows for the shopper (the account's), offered for the PINs first. */
  knownPhoneNumber?: string | undefined;
}

type Errors = {
  email?: string;
  voucherPhone?: string;
  password?: string;
  method?: string;
  bank?: string;
  consent?: string;
};

function additionalData(method: string, bank: string, crypto: CryptoCurrency): AdditionalData | undefined {
  const issuer = BANKS.find((candidate) => candidate.issuerId === bank);
  if (method === 'ideal' && issuer) return { ideal: { issuerId: issuer.issuerId } };
  if (method === 'crypto') return { triplea: { cryptoCurrency: crypto } };
  return undefined;
}

/**
 * The methods offered for the cart: an automatic top-up charges later the method paid with now,
 * so only a method that can be saved; a free set-up pays nothing now, so only saved methods.
 */
function methodsFor(methods: readonly string[], setup: CartSetup): readonly string[] {
  if (setup === 'free' || setup === 'light') return [];
  if (setup === 'paid')
    return methods.filter((method) => (SAVABLE_PAYMENT_METHODS as readonly string[]).includes(method));
  return methods;
}

/**
 * The payment form: e-mail for the receipt, an account where one is asked for or needed, the
 * method (a saved one first) and what it needs, and the pay button.
 */
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
  signedIn,
  signInPath,
  savedMethods,
  setup,
  setupKind,
  initialEmail,
  accountProblem,
  billingAddress,
  voucherChannels = [],
  phoneCountries = [],
  knownPhoneNumber,
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
    voucherPhone: useRef<HTMLInputElement>(null),
  };
  const [email, setEmail] = useState(initialEmail ?? '');
  const [createAccount, setCreateAccount] = useState(false);
  const [accountPassword, setAccountPassword] = useState('');
  const [method, setMethod] = useState<string | undefined>(undefined);
  const [bank, setBank] = useState('');
  const [crypto, setCrypto] = useState<CryptoCurrency>('BTC');
  const [savePayment, setSavePayment] = useState(false);
  const [consent, setConsent] = useState(false);
  const [voucherChannel, setVoucherChannel] = useState<VoucherDeliveryChannel>('email');
  const [voucherPhone, setVoucherPhone] = useState(knownPhoneNumber ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [address, setAddress] = useState(() => emptyBillingAddress(billingAddress?.country.code ?? ''));
  const [addressErrors, setAddressErrors] = useState<FieldErrors<BillingAddressField>>({});
  const formId = useId();
  // Until the page runs, a click would send the form without its checks: nothing can be used yet.
  const hydrated = useHydrated();
  const savedMethod = savedMethods.find((saved) => `${SAVED_METHOD_PREFIX}${saved.id}` === method);
  const savable = method !== undefined && (SAVABLE_PAYMENT_METHODS as readonly string[]).includes(method);
  // An automatic top-up lives in an account: a guest opens one here (or signs in).
  const accountRequired = offerAccount && setup !== 'none';
  const opensAccount = accountRequired || (offerAccount && createAccount);
  // A guest's saved method could never be used again: saving is for an account.
  const canSave = signedIn || opensAccount;
  // PINs by SMS or WhatsApp need no e-mail; an account does.
  const emailRequired = voucherChannel === 'email' || opensAccount;

  // A guest's number from the last top-up, where the account gives none.
  useEffect(() => {
    if (knownPhoneNumber) return;
    const saved = savedPhoneNumber();
    if (saved) setVoucherPhone((current) => current || saved);
  }, [knownPhoneNumber]);
  const amount = formatMoney(total, currency, locale);

  // A free set-up starts with the saved method chosen on the top-up form (or the only one).
  useEffect(() => {
    if (setup !== 'free') return;
    const remembered = rememberedSetupMethod();
    const chosen =
      savedMethods.length === 1 ? savedMethods[0] : savedMethods.find((saved) => saved.id === remembered);
    if (chosen) setMethod(`${SAVED_METHOD_PREFIX}${chosen.id}`);
  }, [setup, savedMethods]);
  const emailInput = refs.email;
  const passwordInput = refs.password;

  useEffect(() => {
    if (!accountProblem) return;
    setErrors((current) => ({ ...current, [accountProblem.field]: t(accountProblem.messageKey) }));
    (accountProblem.field === 'email' ? emailInput : passwordInput).current?.focus();
  }, [accountProblem, t, emailInput, passwordInput]);

  /** The PINs' channel and number in E.164, or the message key of the number's problem. */
  async function voucherDelivery() {
    if (voucherChannel === 'email') return { ok: true as const, delivery: undefined };
    const number = (await loadVoucherPhone()).readVoucherPhone(voucherPhone, phoneCountries);
    return number.ok
      ? { ok: true as const, delivery: { channel: voucherChannel, phoneNumber: number.msisdn } }
      : { ok: false as const, messageKey: number.messageKey };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    const trimmedEmail = email.trim();
    if (emailRequired || trimmedEmail !== '' ? !EMAIL.test(trimmedEmail) : false)
      next.email = t('emailInvalid');
    const pins = await voucherDelivery();
    if (!pins.ok) next.voucherPhone = t(pins.messageKey);
    const passwordProblem = opensAccount ? newPasswordProblem(accountPassword) : undefined;
    if (passwordProblem) next.password = t(passwordProblem);
    if (!method && setup !== 'light') next.method = t('paymentMethodRequired');
    else if (method === 'ideal' && !bank) next.bank = t('bankRequired');
    if (!consent) next.consent = t('withdrawalConsentRequired');
    const addressProblems = billingAddress ? billingAddressProblems(address, billingAddress) : {};
    const firstAddressProblem = Object.keys(addressProblems)[0];
    setErrors(next);
    setAddressErrors(
      Object.fromEntries(Object.entries(addressProblems).map(([field, key]) => [field, { key }])),
    );
    if (next.email) refs.email.current?.focus();
    else if (next.voucherPhone) refs.voucherPhone.current?.focus();
    else if (firstAddressProblem) document.getElementById(`${formId}-${firstAddressProblem}`)?.focus();
    else if (next.password) refs.password.current?.focus();
    else if (next.method) refs.method.current?.focus();
    else if (next.bank) refs.bank.current?.focus();
    else if (next.consent) refs.consent.current?.focus();
    if (Object.keys(next).length > 0 || firstAddressProblem || !pins.ok) return;
    const withAddress = billingAddress ? { address } : {};
    const voucher = pins.delivery ? { voucherDelivery: pins.delivery } : {};
    // Light top-ups charge nothing, now or later: the order needs no method.
    if (setup === 'light') {
      onPay({
        email: trimmedEmail,
        ...withAddress,
        paymentMethod: 'none',
        savePayment: false,
        freeSetup: true,
        ...(opensAccount ? { accountPassword } : {}),
        ...voucher,
      });
      return;
    }
    if (!method) return;
    const data = additionalData(method, bank, crypto);
    onPay({
      email: trimmedEmail,
      ...withAddress,
      ...voucher,
      ...(savedMethod
        ? { paymentMethod: savedMethod.method, savePayment: false, paymentTokenId: savedMethod.id }
        : {
            paymentMethod: method,
            // A paid automatic set-up saves its method whatever the box says (the API does the same).
            savePayment: savable && (setup === 'paid' || (canSave && savePayment)),
            ...(data ? { additionalData: data } : {}),
          }),
      ...(setup === 'free' ? { freeSetup: true } : {}),
      ...(opensAccount ? { accountPassword } : {}),
    });
  }

  return (
    <form
      className="payment-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={busy}
      data-testid="payment-form"
    >
      <h2>{t('paymentFormTitle')}</h2>
      <fieldset className="payment-form__fields" disabled={!hydrated}>
        <ReceiptEmailField
          value={email}
          onChange={setEmail}
          error={errors.email}
          inputRef={refs.email}
          required={emailRequired}
        />
        {billingAddress && (
          <BillingAddress
            form={formId}
            values={address}
            errors={addressErrors}
            onChange={(changes) => setAddress((current) => ({ ...current, ...changes }))}
            rules={billingAddress}
          />
        )}
        {voucherChannels.length > 0 && (
          <VoucherDeliveryChoice
            channels={voucherChannels}
            channel={voucherChannel}
            onChannelChange={(chosen) => {
              setVoucherChannel(chosen);
              setErrors((current) => ({ ...current, voucherPhone: undefined, email: undefined }));
            }}
            phone={voucherPhone}
            onPhoneChange={setVoucherPhone}
            error={errors.voucherPhone}
            phoneRef={refs.voucherPhone}
          />
        )}
        {offerAccount && (
          <CheckoutAccount
            required={accountRequired}
            createAccount={createAccount}
            onCreateAccountChange={(checked) => {
              setCreateAccount(checked);
              if (!checked) setErrors((current) => ({ ...current, password: undefined }));
            }}
            password={accountPassword}
            onPasswordChange={(value) => {
              setAccountPassword(value);
              if (errors.password) {
                const problem = newPasswordProblem(value);
                setErrors((current) => ({ ...current, password: problem ? t(problem) : undefined }));
              }
            }}
            error={errors.password}
            inputRef={refs.password}
            signInPath={signInPath}
          />
        )}

        {setup !== 'light' && (
          <PaymentMethodChoice
            methods={methodsFor(methods, setup)}
            savedMethods={savedMethods}
            legend={
              setup === 'free' ? t(setupKind === 'SMS' ? 'smsTopupChargeTo' : 'autoTopupChargeTo') : undefined
            }
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
        )}
        {setup === 'light' && (
          <p className="field__hint" data-testid="light-no-method">
            {t('autoTopupLightNoMethod')}
          </p>
        )}

        {method === 'ideal' && (
          <BankSelect value={bank} onChange={setBank} error={errors.bank} selectRef={refs.bank} />
        )}
        {method === 'crypto' && <CryptoCurrencyChoice value={crypto} onChange={setCrypto} />}
        {method === 'paymentlink' && <p className="field__hint">{t('paymentLinkExplained')}</p>}
        {savable && setup === 'none' && canSave && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={savePayment}
              onChange={(event) => setSavePayment(event.target.checked)}
            />
            <span>{t('savePaymentMethod')}</span>
          </label>
        )}
        {savable && setup === 'paid' && (
          <p className="field__hint saves-method" data-testid="saves-method">
            {t(
              setupKind === 'SMS'
                ? method === 'creditcard'
                  ? 'smsTopupSavesCard'
                  : 'smsTopupSavesMethod'
                : method === 'creditcard'
                  ? 'autoTopupSavesCard'
                  : 'autoTopupSavesMethod',
            )}
          </p>
        )}
        {setup === 'free' && savedMethods.length === 0 && (
          <p className="field__error">{t('paymentTokenNotFoundError')}</p>
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
            {setup === 'light'
              ? t('autoTopupLightSetUp')
              : setup === 'free'
                ? t('setUpWithObligationToPay')
                : method === 'paymentlink'
                  ? t('createPaymentLink', { amount })
                  : t('orderWithObligationToPay')}
          </button>
        )}
      </fieldset>
      <p role="status" className="visually-hidden">
        {busy ? t('paymentBusy') : ''}
      </p>
    </form>
  );
}
