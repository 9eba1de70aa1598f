'use client';

import type { VoucherDeliveryChannel } from '@shop/domain';
import type { DetailedCart, PaymentToken } from '@shop/domain/contract';
import { useRef, useState } from 'react';
import { cartSetup, setupKindOf } from '../../lib/auto-topup-setup';
import { CartView } from '../cart/CartView';
import type { BillingAddressRules } from './billing-address';
import type { CardBrand } from './CardBrands';
import { CashCodeForm } from './CashCodeForm';
import { OtpDialog } from './OtpDialog';
import { PaymentForm } from './PaymentForm';
import { PaymentFrame } from './PaymentFrame';
import { PaymentLinkShare } from './PaymentLinkShare';
import { useCheckoutFlow } from './useCheckoutFlow';

export interface PaymentStepProps {
  initialCart: DetailedCart | null;
  allowPromoCodes: boolean;
  detailed: boolean;
  methods: readonly string[];
  /** Those of the methods the tenant's provider can keep for later payments. */
  savableMethods: readonly string[];
  cardBrands: readonly CardBrand[];
  hasMobileAppFlow: boolean;
  currency: string;
  /** The cart page, where the cart changes; undefined where the tenant skips it and it changes here. */
  cartPage: string | undefined;
  /** Spec §6: the guest may open an account while paying (a tenant with accounts, not signed in). */
  offerAccount: boolean;
  signedIn: boolean;
  /** The sign-in page, coming back here. */
  signInPath: string;
  /** The signed-in shopper's saved methods that can pay here (none for a guest). */
  savedMethods: PaymentToken[];
  /** The signed-in shopper's e-mail, for the receipt. */
  accountEmail: string | undefined;
  /** The app flow asks for names and address (spec §3). */
  billingAddress?: BillingAddressRules | undefined;
  /** The tenant's shouldSendDeviceID: the stored device id goes with the contact step and the payment. */
  sendDeviceId: boolean;
  /** How the tenant may deliver voucher PINs, when it offers a choice (decision 0048); none otherwise. */
  voucherChannels: readonly VoucherDeliveryChannel[];
  /** The countries whose numbers the shop takes. */
  phoneCountries: readonly string[];
  /** The signed-in shopper's number, offered for the PINs. */
  accountPhoneNumber: string | undefined;
}

const holdsVoucher = (cart: DetailedCart) => cart.items.some((item) => item.kind === 'VOUCHER');

/** A cart that only holds cash-code top-ups is paid by its codes (spec §4: payment method "N/A"). */
function isCashCodeCart(cart: DetailedCart): boolean {
  return cart.items.length > 0 && cart.items.every((item) => item.kind === 'CASH_CODE');
}

/**
 * The payment page: the cart, the payment form (or, for cash codes, the redeem form) and what
 * follows it (code, frame or link).
 */
export function PaymentStep(props: PaymentStepProps) {
  const [cart, setCart] = useState(props.initialCart);
  const payButton = useRef<HTMLButtonElement>(null);
  const flow = useCheckoutFlow({
    cartName: cart?.cartName,
    currency: cart?.summary.currency ?? props.currency,
    hasMobileAppFlow: props.hasMobileAppFlow,
    sendDeviceId: props.sendDeviceId,
    onCartGone: () => setCart(null),
  });
  const { phase } = flow;

  if (phase.step === 'frame') {
    return (
      <PaymentFrame url={phase.url} paymentMethod={phase.paymentMethod} onChooseAgain={flow.chooseAgain} />
    );
  }
  if (phase.step === 'link') {
    return (
      <PaymentLinkShare url={phase.url} resultPath={phase.resultPath} onChooseAgain={flow.chooseAgain} />
    );
  }
  return (
    <>
      <CartView
        key={cart ? 'cart' : 'no-cart'}
        initialCart={cart}
        allowPromoCodes={props.allowPromoCodes}
        detailed={props.detailed}
        nextStep={undefined}
        changedAt={props.cartPage}
        onCartChange={setCart}
      />
      {cart && isCashCodeCart(cart) && (
        <CashCodeForm busy={flow.busy} onRedeem={flow.begin} redeemButtonRef={payButton} />
      )}
      {cart && cart.items.length > 0 && !isCashCodeCart(cart) && (
        <PaymentForm
          cart={{
            total: cart.summary.totalPrice,
            currency: cart.summary.currency,
            setup: cartSetup(cart),
            setupKind: setupKindOf(cart),
            voucherChannels: holdsVoucher(cart) ? props.voucherChannels : [],
          }}
          shop={{
            methods: props.methods,
            savableMethods: props.savableMethods,
            cardBrands: props.cardBrands,
            phoneCountries: props.phoneCountries,
            billingAddress: props.billingAddress,
          }}
          shopper={{
            offerAccount: props.offerAccount,
            signedIn: props.signedIn,
            signInPath: props.signInPath,
            savedMethods: props.savedMethods,
            email: props.accountEmail,
            phoneNumber: props.accountPhoneNumber,
          }}
          flow={{
            busy: flow.busy,
            payPalTransactionError: flow.payPalTransactionError,
            onPay: flow.begin,
            accountProblem: flow.accountProblem,
          }}
          payButtonRef={payButton}
        />
      )}
      {phase.step === 'otp' && (
        <OtpDialog
          sentTo={phase.sentTo}
          sentAt={phase.sentAt}
          busy={flow.busy}
          onConfirm={flow.confirmCode}
          onResend={flow.sendNewCode}
          onClose={flow.chooseAgain}
          returnFocusTo={payButton}
        />
      )}
    </>
  );
}
