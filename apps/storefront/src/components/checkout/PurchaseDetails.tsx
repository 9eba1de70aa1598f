'use client';

import { formatMoney, formatMsisdn } from '@shop/domain';
import type { CommitAnswer, DeliveredVoucher } from '@shop/domain/contract';
import { useLocale, useTranslations } from 'next-intl';
import type { BrandOfArt } from '../../lib/brand-art';
import { BrandArt } from '../catalogue/BrandArt';
import { VoucherDeliveryStatus } from './VoucherDeliveryStatus';
import { VoucherPins } from './VoucherPins';

/** Every PIN of the order; an answer with only the first PIN still shows that one. */
function vouchersOf(answer: CommitAnswer): DeliveredVoucher[] {
  if (answer.vouchers.length > 0) return answer.vouchers;
  return answer.voucherPin
    ? [{ productId: '', brand: null, pin: answer.voucherPin, serial: null, validUntil: null }]
    : [];
}

/**
 * Spec §3 purchase details of a committed order: amount charged, credit added, payment reference
 * and voucher PINs; the detailed success page adds the date of the order.
 */
export function PurchaseDetails({
  answer,
  showOrderDate,
  showOrderNumber = true,
  topupBrand,
  cartName,
}: {
  answer: CommitAnswer;
  showOrderDate: boolean;
  /** Left out where the page names the order already. */
  showOrderNumber?: boolean;
  /** The brand the numbers were topped up with, where the shop knows it: shown beside them. */
  topupBrand?: BrandOfArt;
  /** The order's cart: a guest's key to "send again" of its PINs (a signed-in shopper needs none). */
  cartName?: string | undefined;
}) {
  const t = useTranslations('common');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, answer.currency, locale);
  return (
    <>
      <dl className="payment-result__details" data-testid="purchase-details">
        {showOrderNumber && (
          <div>
            <dt>{t('orderNumberLabel')}</dt>
            <dd data-testid="order-number">{answer.orderNumber}</dd>
          </div>
        )}
        {showOrderDate && (
          <div>
            <dt>{t('orderDateLabel')}</dt>
            <dd data-testid="order-date">
              {new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(answer.orderedAt))}
            </dd>
          </div>
        )}
        {answer.phoneNumbers.length > 0 && (
          <div>
            <dt>{t('toppedUpNumberLabel')}</dt>
            <dd className={topupBrand ? 'brand-line' : undefined} data-testid="topped-up-numbers">
              {topupBrand && <BrandArt brand={topupBrand} size="thumb" labelled />}
              <span>{answer.phoneNumbers.map(formatMsisdn).join(', ')}</span>
            </dd>
          </div>
        )}
        {answer.amountCharged !== null && (
          <div>
            <dt>{t('amountChargedLabel')}</dt>
            <dd data-testid="amount-charged">{money(answer.amountCharged)}</dd>
          </div>
        )}
        {answer.creditAdded !== null && answer.creditAdded > 0 && (
          <div>
            <dt>{t('creditAddedLabel')}</dt>
            <dd data-testid="credit-added">{money(answer.creditAdded)}</dd>
          </div>
        )}
        {answer.paymentReference && (
          <div>
            <dt>{t('paymentReferenceLabel')}</dt>
            <dd data-testid="payment-reference">{answer.paymentReference}</dd>
          </div>
        )}
      </dl>
      <VoucherPins vouchers={vouchersOf(answer)} />
      {answer.voucherDelivery && (
        <VoucherDeliveryStatus
          delivery={answer.voucherDelivery}
          orderNumber={answer.orderNumber}
          cartName={cartName}
        />
      )}
    </>
  );
}
