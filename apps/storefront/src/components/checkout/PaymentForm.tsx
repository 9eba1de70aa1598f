'use client';

import { formatMoney, type VoucherDeliveryChannel } from '@shop/domain';
import type { PaymentToken } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type Ref, useId } from 'react';
import type { CartSetup } from '../../lib/auto-topup-setup';
import { useHydrated } from '../forms/useHydrated';
import { BillingAddress } from './BillingAddress';
import type { BillingAddressRules } from './billing-address';
import type { CardBrand } from './CardBrands';
import { CheckoutAccount } from './CheckoutAccount';
import type { AccountProblem, PaymentChoice } from './checkout-flow';
import { MethodDetails } from './MethodDetails';
import { OrderConsent } from './OrderConsent';
import { PayButton } from './PayButton';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { methodsFor, newMethod, paymentNeeds } from './payment-choice';
import type { PaymentField } from './payment-form-state';
import { ReceiptEmailField } from './ReceiptEmailField';
import { usePaymentForm } from './usePaymentForm';
import { VoucherDeliveryChoice } from './VoucherDeliveryChoice';

export interface PaymentFormProps {
  /** What is paid for. */
  cart: {
    /** The cart's total as the server priced it, minor units. */
    total: number;
    currency: string;
    /** What the cart sets up for later: an automatic or SMS top-up needs an account and a method it can charge. */
    setup: CartSetup;
    /** Which later top-ups it sets up, for the words that name them. */
    setupKind: 'AUTOMATIC' | 'SMS';
    /**
     * How the cart's voucher PINs may reach the shopper (the tenant's channels, decision 0048); none
     * where there is nothing to choose (no voucher, or e-mail only).
     */
    voucherChannels: readonly VoucherDeliveryChannel[];
  };
  /** What the shop takes and asks for. */
  shop: {
    methods: readonly string[];
    /** Those of the methods the tenant's provider can keep for later payments. */
    savableMethods: readonly string[];
    cardBrands: readonly CardBrand[];
    /** The countries whose numbers the shop takes (tenant phoneCountryCodes). */
    phoneCountries: readonly string[];
    /** The app flow asks for the shopper's names and address (spec §3); undefined elsewhere. */
    billingAddress: BillingAddressRules | undefined;
  };
  /** Who pays. */
  shopper: {
    /** Spec §6: a guest on a tenant with accounts may open one while paying. */
    offerAccount: boolean;
    signedIn: boolean;
    /** The sign-in page, coming back here. */
    signInPath: string;
    /** The signed-in shopper's saved methods: the first choices, charged at once (none for a guest). */
    savedMethods: readonly PaymentToken[];
    /** The signed-in shopper's e-mail, to start with. */
    email: string | undefined;
    /** The number the shop knows for the shopper (the account's), offered for the PINs first. */
    phoneNumber: string | undefined;
  };
  /** The checkout under way (see useCheckoutFlow). */
  flow: {
    busy: boolean;
    /** The last PayPal start failed: PayPal says so beside its choice. */
    payPalTransactionError: boolean;
    onPay: (choice: PaymentChoice) => void;
    /** The API refused the account asked for: shown next to its field. */
    accountProblem: AccountProblem | undefined;
  };
  /** The button that sends the form (focus returns to it after the code dialog). */
  payButtonRef: Ref<HTMLButtonElement>;
}

/**
 * The payment form: e-mail for the receipt, an account where one is asked for or needed, the
 * method (a saved one first) and what it needs, and the pay button.
 */
export function PaymentForm({ cart, shop, shopper, flow, payButtonRef }: PaymentFormProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const methodErrorId = useId();
  const rules = {
    ...shopper,
    setup: cart.setup,
    savableMethods: shop.savableMethods,
    billingAddress: shop.billingAddress,
  };
  const { formId, state, dispatch, refs, submit } = usePaymentForm({
    rules,
    initialEmail: shopper.email,
    knownPhoneNumber: shopper.phoneNumber,
    phoneCountries: shop.phoneCountries,
    busy: flow.busy,
    accountProblem: flow.accountProblem,
    onPay: flow.onPay,
  });
  // Until the page runs, a click would send the form without its checks: nothing can be used yet.
  const hydrated = useHydrated();
  const needs = paymentNeeds(state, rules);
  const { setup } = cart;
  const amount = formatMoney(cart.total, cart.currency, locale);
  const error = (field: PaymentField) => {
    const key = state.errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form
      className="payment-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={flow.busy}
      data-testid="payment-form"
    >
      <h2>{t('paymentFormTitle')}</h2>
      <fieldset className="payment-form__fields" disabled={!hydrated}>
        <ReceiptEmailField
          value={state.email}
          onChange={(email) => dispatch({ type: 'emailTyped', email })}
          error={error('email')}
          inputRef={refs.email}
          required={needs.emailRequired}
        />
        {shop.billingAddress && (
          <BillingAddress
            form={formId}
            values={state.address}
            errors={state.addressErrors}
            onChange={(changes) => dispatch({ type: 'addressChanged', changes })}
            rules={shop.billingAddress}
          />
        )}
        {cart.voucherChannels.length > 0 && (
          <VoucherDeliveryChoice
            channels={cart.voucherChannels}
            channel={state.voucherChannel}
            onChannelChange={(channel) => dispatch({ type: 'voucherChannelChosen', channel })}
            phone={state.voucherPhone}
            onPhoneChange={(phone) => dispatch({ type: 'voucherPhoneTyped', phone })}
            error={error('voucherPhone')}
            phoneRef={refs.voucherPhone}
          />
        )}
        {shopper.offerAccount && (
          <CheckoutAccount
            required={needs.accountRequired}
            createAccount={state.createAccount}
            onCreateAccountChange={(createAccount) =>
              dispatch({ type: 'accountOpeningChosen', createAccount })
            }
            password={state.accountPassword}
            onPasswordChange={(password) => dispatch({ type: 'accountPasswordTyped', password })}
            error={error('password')}
            inputRef={refs.password}
            signInPath={shopper.signInPath}
          />
        )}

        {setup !== 'light' && (
          <PaymentMethodChoice
            methods={methodsFor(shop.methods, setup, shop.savableMethods)}
            savedMethods={shopper.savedMethods}
            legend={
              setup === 'free'
                ? t(cart.setupKind === 'SMS' ? 'smsTopupChargeTo' : 'autoTopupChargeTo')
                : undefined
            }
            cardBrands={shop.cardBrands}
            value={state.payment}
            onChange={(payment) => dispatch({ type: 'paymentChosen', payment })}
            error={error('method')}
            errorId={methodErrorId}
            firstRef={refs.method}
            payPalTransactionError={flow.payPalTransactionError}
          />
        )}
        {setup === 'light' && (
          <p className="field__hint" data-testid="light-no-method">
            {t('autoTopupLightNoMethod')}
          </p>
        )}

        <MethodDetails
          method={newMethod(state.payment)}
          setup={setup}
          setupKind={cart.setupKind}
          canSave={needs.canSave}
          savableMethods={shop.savableMethods}
          bank={state.bank}
          onBankChange={(bank) => dispatch({ type: 'bankChosen', bank })}
          bankError={error('bank')}
          bankRef={refs.bank}
          crypto={state.crypto}
          onCryptoChange={(crypto) => dispatch({ type: 'cryptoChosen', crypto })}
          savePayment={state.savePayment}
          onSavePaymentChange={(savePayment) => dispatch({ type: 'savePaymentChosen', savePayment })}
        />
        {setup === 'free' && shopper.savedMethods.length === 0 && (
          <p className="field__error">{t('paymentTokenNotFoundError')}</p>
        )}

        <p className="amount-due" data-testid="amount-due">
          <span>{t('amountDue')}</span> <strong>{amount}</strong>
        </p>
        <OrderConsent
          checked={state.consent}
          onChange={(consent) => dispatch({ type: 'consentChosen', consent })}
          error={error('consent')}
          inputRef={refs.consent}
        />
        <PayButton
          payment={state.payment}
          setup={setup}
          amount={amount}
          busy={flow.busy}
          buttonRef={payButtonRef}
        />
      </fieldset>
      <p role="status" className="visually-hidden">
        {flow.busy ? t('paymentBusy') : ''}
      </p>
    </form>
  );
}
