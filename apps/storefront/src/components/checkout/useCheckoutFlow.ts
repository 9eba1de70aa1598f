'use client';

import {
  checkoutAddressLanguage,
  FRAUDNET_METHOD,
  messageKeyFor,
  newFraudnetSessionId,
  startPaymentMessageKey,
} from '@shop/domain';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cashCodeResultPath,
  createOrder,
  resendOtp,
  resultPath,
  startPayment,
  submitCheckoutAddress,
  validateOtp,
} from '../../lib/checkout-api';
import { deliveryAddress } from '../../lib/delivery-address';
import { storedDeviceId } from '../../lib/device-id';
import { savedPhoneNumber } from '../../lib/phone-number-cookie';
import { saveCartName } from '../../lib/shop-api';
import { useAlert } from '../Alerts';
import {
  type AccountProblem,
  accountProblemOf,
  CASH_CODE_PAYMENT_METHOD,
  type CheckoutPhase,
  CODE_DIALOG_ERRORS,
  embedded,
  openCodeSentAt,
  type PaymentChoice,
  paymentStart,
} from './checkout-flow';

/**
 * Spec §4 checkout flow: address → (one-time code →) start payment → frame, payment link or the
 * provider's page; for a cash-code cart, address → order → cash-code result page. One call at a
 * time; `busy` is true while one is under way.
 */
export function useCheckoutFlow({
  cartName,
  currency,
  hasMobileAppFlow,
  sendDeviceId,
  onCartGone,
}: {
  cartName: string | undefined;
  currency: string;
  hasMobileAppFlow: boolean;
  /** The tenant's shouldSendDeviceID (decision 0049). */
  sendDeviceId: boolean;
  onCartGone: () => void;
}) {
  const language = useLocale();
  const showAlert = useAlert();
  const [phase, setPhase] = useState<CheckoutPhase>({ step: 'choose' });
  const [busy, setBusy] = useState(false);
  // Spec §8: a PayPal start that fails also sets the transaction-error flag.
  const [payPalTransactionError, setPayPalTransactionError] = useState(false);
  const [accountProblem, setAccountProblem] = useState<AccountProblem | undefined>(undefined);
  const running = useRef(false);
  const leaving = useRef(false);
  const choice = useRef<PaymentChoice | undefined>(undefined);
  const lastCode = useRef<{ sentTo: string | undefined; sentAt: number } | undefined>(undefined);
  // PayPal FraudNet's session id: one per checkout (this page), the same on a second try.
  const fraudnetSessionId = useRef<string | undefined>(undefined);
  const deviceId = () => (sendDeviceId ? storedDeviceId() : undefined);

  // Back from the provider's page, the browser may show this page as it was left.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      leaving.current = false;
      running.current = false;
      setBusy(false);
      setPhase({ step: 'choose' });
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  /** Runs one call sequence unless another is under way; answers what the task answers. */
  async function exclusive<T>(task: () => Promise<T>, fallback: T): Promise<T> {
    if (running.current) return fallback;
    running.current = true;
    setBusy(true);
    try {
      return await task();
    } finally {
      // On the way to the provider the page stays busy.
      if (!leaving.current) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  function fail(code: string | undefined, messageKey = messageKeyFor(code)) {
    if (code === 'UNKNOWN_CART') {
      saveCartName(undefined);
      onCartGone();
    }
    showAlert({ messageKey });
  }

  /** A code error the dialog shows (its message key), or any other error as an alert. */
  function otpFailure(code: string | undefined): string | undefined {
    if (CODE_DIALOG_ERRORS.has(code)) return messageKeyFor(code);
    setPhase({ step: 'choose' });
    fail(code);
    return undefined;
  }

  /**
   * No new code went out. Within a minute of the last one, that code is still open: the shopper
   * enters it, and may ask again when the server allows. A longer wait means the limits of codes
   * per number or address refused: the shopper is told so, and may still enter a code this page
   * had sent.
   */
  function codeRefused(retryAfterSeconds: number | undefined) {
    const sentAt = openCodeSentAt(retryAfterSeconds, lastCode.current?.sentAt, Date.now());
    if (sentAt !== undefined) {
      lastCode.current = { sentTo: lastCode.current?.sentTo, sentAt };
      setPhase({ step: 'otp', ...lastCode.current });
      return;
    }
    if (lastCode.current) setPhase({ step: 'otp', ...lastCode.current });
    fail('OTP_RESEND_TIME_LIMIT_RESTRICTION');
  }

  async function pay(name: string, payment: PaymentChoice) {
    const device = deviceId();
    if (payment.paymentMethod === FRAUDNET_METHOD) fraudnetSessionId.current ??= newFraudnetSessionId();
    const started = await startPayment(paymentStart(name, payment, device, fraudnetSessionId.current));
    setPayPalTransactionError(!started.ok && payment.paymentMethod === 'paypal');
    if (!started.ok) {
      setPhase({ step: 'choose' });
      fail(started.code, startPaymentMessageKey(started.code));
      return;
    }
    const { payerUrl, orderNumber, iframe } = started.data;
    if (payment.paymentMethod === 'paymentlink') {
      setPhase({ step: 'link', url: payerUrl, resultPath: resultPath(name, orderNumber) });
    } else if (iframe) {
      setPhase({ step: 'frame', url: embedded(payerUrl), paymentMethod: payment.paymentMethod });
    } else {
      leaving.current = true;
      setPhase({ step: 'leaving' });
      window.location.assign(payerUrl);
    }
  }

  /**
   * Spec §4 steps 3–5: a cart that needs no payment has its order created, then committed on the
   * result page: a cash-code cart is redeemed; a free automatic set-up is registered on the saved
   * method it names.
   */
  async function createAndCommit(name: string, resultOf: (orderNumber: string) => string) {
    const created = await createOrder(name);
    if (!created.ok) {
      setPhase({ step: 'choose' });
      fail(created.code);
      return;
    }
    leaving.current = true;
    setPhase({ step: 'leaving' });
    window.location.assign(resultOf(created.data.orderNumber));
  }

  function proceed(name: string, payment: PaymentChoice) {
    if (payment.paymentMethod === CASH_CODE_PAYMENT_METHOD)
      return createAndCommit(name, (orderNumber) => cashCodeResultPath(name, orderNumber));
    if (payment.freeSetup)
      return createAndCommit(name, (orderNumber) => resultPath(name, orderNumber, payment.paymentTokenId));
    return pay(name, payment);
  }

  const begin = (payment: PaymentChoice) =>
    exclusive(async () => {
      if (!cartName) return;
      choice.current = payment;
      const address = await submitCheckoutAddress({
        cartName,
        deliveryAddress: deliveryAddress({
          email: payment.email,
          phoneNumber: savedPhoneNumber(),
          language,
          hasMobileAppFlow,
          accountPassword: payment.accountPassword,
          address: payment.address,
          deviceId: deviceId(),
          voucherDelivery: payment.voucherDelivery,
        }),
        language: checkoutAddressLanguage(currency),
        savePayment: payment.savePayment,
      });
      if (!address.ok) {
        const problem = payment.accountPassword ? accountProblemOf(address.code) : undefined;
        if (problem) {
          setAccountProblem(problem);
          return;
        }
        if (address.code === 'OTP_RESEND_TIME_LIMIT_RESTRICTION') {
          codeRefused(address.retryAfterSeconds);
          return;
        }
        fail(address.code);
        return;
      }
      if (address.data.nextStep === 'OTP') {
        lastCode.current = { sentTo: address.data.otpSentTo, sentAt: Date.now() };
        setPhase({ step: 'otp', ...lastCode.current });
        return;
      }
      await proceed(cartName, payment);
    }, undefined);

  /** Checks the code and, when it is right, starts the payment; answers the message key of an error. */
  const confirmCode = (otp: string) =>
    exclusive<string | undefined>(async () => {
      const payment = choice.current;
      if (!cartName || !payment) return undefined;
      const result = await validateOtp(cartName, otp);
      if (!result.ok) return otpFailure(result.code);
      await proceed(cartName, payment);
      return undefined;
    }, undefined);

  /** Sends a new code; answers the message key of an error. */
  const sendNewCode = () =>
    exclusive<string | undefined>(async () => {
      if (!cartName) return undefined;
      const result = await resendOtp(cartName);
      if (!result.ok) return otpFailure(result.code);
      lastCode.current = { sentTo: result.data.otpSentTo, sentAt: Date.now() };
      setPhase({ step: 'otp', ...lastCode.current });
      return undefined;
    }, undefined);

  const chooseAgain = useCallback(() => setPhase({ step: 'choose' }), []);

  return {
    phase,
    busy,
    payPalTransactionError,
    accountProblem,
    begin,
    confirmCode,
    sendNewCode,
    chooseAgain,
  };
}
