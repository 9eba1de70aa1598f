'use client';

import { priceAlone, type ServiceFees } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { feeNotes } from '../../../lib/fee-notes';
import type { MoneyFormat } from './props';

/**
 * What the top-up will cost, fees included, once an amount is chosen (by the cart's own rule);
 * before that, the fees the shop adds, if it adds any.
 */
export function TopupTotal({
  amount,
  fees,
  currency,
  money,
}: {
  amount: number | null;
  fees: ServiceFees;
  currency: string;
  money: MoneyFormat;
}) {
  const t = useTranslations('common');
  if (amount === null || amount <= 0) {
    const notes = feeNotes(fees, money, t);
    return notes.length > 0 ? (
      <p className="fee-notice" data-testid="fee-notice">
        {notes.join(' · ')}
      </p>
    ) : null;
  }
  const price = priceAlone(amount, fees, currency);
  return (
    <p className="topup-total" data-testid="topup-total">
      <span>{t('amountDue')}</span> <strong>{money(price.totalPrice)}</strong>
      {price.totalServiceFee > 0 && (
        <span className="topup-total__fee">
          {t('includingServiceFee', { fee: money(price.totalServiceFee) })}
        </span>
      )}
    </p>
  );
}
