'use client';

import { appDeepLink, appOutcome, formatMoney, formatMsisdn, type Language } from '@shop/domain';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import type { AppVisit } from '../../lib/app-session';
import { type SetupDescription, type SmsSetup, weekdayName, whenItTopsUp } from '../../lib/auto-topup-setup';
import type { BrandOfArt } from '../../lib/brand-art';
import { goTo } from '../../lib/browser-cookies';
import { pushPurchaseOnce } from '../../lib/data-layer';
import { ILLUSTRATION_NAMES, illustrationPath, type ResultKind, resultView } from '../../lib/payment-outcome';
import type { OrderToCommit } from '../../lib/result-query';
import { saveCartName, savedCartName } from '../../lib/shop-api';
import { smsExample } from '../topup/form/sms';
import { PurchaseDetails } from './PurchaseDetails';
import { useOrderCommit } from './useOrderCommit';

export interface PaymentResultProps {
  kind: ResultKind;
  /** The order the page names; undefined when the query names none. */
  order: OrderToCommit | undefined;
  /** The tenant shows a detailed success page (hasDetailedSuccessPage). */
  detailed: boolean;
  mainPage: string;
  /** The brand of the order's top-ups where the shop sells one brand's only. */
  topupBrand?: BrandOfArt;
  /** The automatic top-ups the order sets up, with their numbers. */
  setups?: { setup: SetupDescription; phoneNumber: string | null }[];
  /** The numbers the order registers for SMS top-ups, and where their SMS go. */
  sms?: { setups: SmsSetup[]; shortNumber: string } | undefined;
  /** The tenant's phone app opened the shop: the result hands the shopper back to it (decision 0050). */
  app?: AppVisit | undefined;
  /** The tenant's shouldSendDeviceID: the commit carries the stored device id (decision 0049). */
  sendDeviceId: boolean;
}

/** Statuses that delivered something (or gave the money back): the purchase details tell what. */
const WITH_DETAILS = new Set(['Success', 'PartialSuccess', 'Refunded', 'PartiallyRefunded']);

/** The result of an order's commit (spec §4): pending while asked again, then its outcome. */
export function PaymentResult({
  kind,
  order,
  detailed,
  mainPage,
  topupBrand,
  setups = [],
  sms,
  app,
  sendDeviceId,
}: PaymentResultProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const state = useOrderCommit(order, sendDeviceId);
  const view = resultView(state, kind, (key) => t.has(key));
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { status, final, resetsCart } = view;
  const cartName = order?.cartName;
  const answer = state.answer;
  const successful = status === 'Success' || status === 'PartialSuccess';
  // An order that only sets up automatic top-ups says so first: nothing was bought now.
  const setUp = successful && setups.length > 0;
  const smsSetups = successful ? (sms?.setups ?? []) : [];
  const onlySetUp =
    successful &&
    setups.length + smsSetups.length > 0 &&
    setups.every(({ setup }) => setup.setupOnly) &&
    smsSetups.every((setup) => setup.setupOnly);
  const onlySms = onlySetUp && setups.length === 0;
  const onlyLight = onlySetUp && smsSetups.length === 0 && setups.every(({ setup }) => setup.light);
  const setUpKeys: readonly [string, string] = onlySms
    ? ['smsTopupSetUpTitle', 'smsTopupSetUpMessage']
    : onlyLight
      ? ['autoTopupLightSetUpTitle', 'autoTopupLightSetUpMessage']
      : ['autoTopupSetUpTitle', 'autoTopupSetUpMessage'];
  const titleKey = onlySetUp ? setUpKeys[0] : view.titleKey;
  const messageKey = onlySetUp ? setUpKeys[1] : view.messageKey;
  const format = {
    money: (minor: number) => formatMoney(minor, answer?.currency ?? 'EUR', locale),
    weekday: (day: number) => weekdayName(locale, day),
  };

  useEffect(() => {
    if (final) heading.current?.focus();
  }, [final]);

  // Each order counts once as a purchase, however often its result page is seen.
  useEffect(() => {
    if (final && successful && answer) pushPurchaseOnce(answer);
  }, [final, successful, answer]);

  // A settled order is done with: the next top-up starts a new cart.
  useEffect(() => {
    if (resetsCart && cartName && savedCartName() === cartName) saveCartName(undefined);
  }, [resetsCart, cartName]);

  function tryAgain() {
    if (cartName) saveCartName(cartName);
    void goTo('/shop/checkout/payment');
  }

  return (
    <section
      className={`payment-result payment-result--${ILLUSTRATION_NAMES[status]}${detailed ? ' payment-result--detailed' : ''}`}
      aria-labelledby={headingId}
      data-testid="payment-result"
      data-status={status}
    >
      {/* biome-ignore lint/performance/noImgElement: a small static illustration, decorative */}
      <img
        className="payment-result__illustration"
        src={illustrationPath(status, detailed)}
        alt=""
        width={detailed ? 160 : 120}
        height={detailed ? 160 : 120}
      />
      <h2 id={headingId} ref={heading} tabIndex={-1} className="payment-result__title">
        {t(titleKey)}
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        <p className="payment-result__message" data-testid="payment-outcome">
          {status === 'Pending' && <span className="spinner" aria-hidden="true" />}
          {t(messageKey)}
        </p>
      </div>
      {view.detailKey && <p data-testid="payment-outcome-detail">{t(view.detailKey)}</p>}
      {setUp && (
        <section className="payment-result__setups" aria-label={t('autoTopupSetUpTitle')}>
          {!onlySetUp && <h3>{t('autoTopupSetUpTitle')}</h3>}
          <ul data-testid="auto-topup-setups">
            {setups.map(({ setup, phoneNumber }, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cart's lines in their order, never reordered
              <li key={index}>
                {t(setup.light ? 'autoTopupLightSetupLine' : 'autoTopupSetupLine', {
                  number: phoneNumber ? formatMsisdn(phoneNumber) : '',
                  amount: format.money(setup.amount),
                  when: whenItTopsUp(setup, t, format),
                })}
              </li>
            ))}
          </ul>
          <p className="payment-result__note">
            {t.rich('autoTopupManage', { account: (text) => <a href="/account">{text}</a> })}
          </p>
        </section>
      )}
      {sms && smsSetups.length > 0 && (
        <section className="payment-result__setups" aria-label={t('smsTopupSetUpTitle')}>
          {!onlySms && <h3>{t('smsTopupSetUpTitle')}</h3>}
          <ul data-testid="sms-topup-setups">
            {smsSetups.map(({ phoneNumber }) => (
              <li key={phoneNumber}>
                {t('smsTopupSetupLine', {
                  number: formatMsisdn(phoneNumber),
                  example: smsExample(locale as Language),
                  shortNumber: sms.shortNumber,
                })}
              </li>
            ))}
          </ul>
          <p className="payment-result__note">
            {t.rich('smsTopupManage', { account: (text) => <a href="/account">{text}</a> })}
          </p>
        </section>
      )}
      {answer && WITH_DETAILS.has(status) && (
        <PurchaseDetails
          answer={answer}
          showOrderDate={detailed && successful}
          topupBrand={topupBrand}
          cartName={cartName}
        />
      )}
      {/* PINs sent by SMS or WhatsApp say so themselves; the shopper may have given no e-mail. */}
      {detailed && successful && !answer?.voucherDelivery && (
        <p className="payment-result__note" data-testid="receipt-note">
          {t('receiptEmailNote')}
        </p>
      )}
      {view.canRetry && (
        <>
          <p>{t('paymentRetryHint')}</p>
          <button type="button" className="button" onClick={tryAgain}>
            {t('tryAgain')}
          </button>
        </>
      )}
      {final && app && order && (
        <a
          className="button"
          href={appDeepLink(app.returnUrl, {
            orderNumber: order.orderNumber,
            outcome: appOutcome(state.ui),
            ...(app.msisdn ? { msisdn: app.msisdn } : {}),
          })}
          data-testid="back-to-app"
        >
          {t('backToApp')}
        </a>
      )}
      {final && !view.canRetry && !app && (
        <a className="button" href={mainPage}>
          {t('continueShopping')}
        </a>
      )}
    </section>
  );
}
