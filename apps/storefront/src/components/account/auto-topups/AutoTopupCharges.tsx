import { formatMoney } from '@shop/domain';
import type { AutoTopupRow } from '@shop/domain/contract';
import { useTranslations } from 'next-intl';
import { orderPath } from '../../../lib/order-history';
import { OrderStatusBadge } from '../OrderStatusBadge';
import { orderStatusKey } from '../order-display';
import { type AutoTopupFormat, autoTopupDate } from './auto-topup-display';

/** This calendar month's automatic charges of one top-up, each with the way to its order. */
export function AutoTopupCharges({
  charges,
  format,
}: {
  charges: AutoTopupRow['charges'];
  format: AutoTopupFormat;
}) {
  const t = useTranslations('common');
  return (
    // Not a landmark of its own: every card has one, under the same name.
    <div className="auto-topup__charges">
      <h3>{t('autoTopupChargesTitle')}</h3>
      {charges.length > 0 ? (
        <ul className="auto-topup-charges" data-testid="auto-topup-charges">
          {charges.map((charge) => (
            <li key={charge.orderNumber} className="auto-topup-charge">
              <a href={orderPath(charge.orderNumber)}>
                {t('orderTitle', { orderNumber: charge.orderNumber })}
              </a>
              <span className="auto-topup-charge__date">{autoTopupDate(charge.createdAt, format)}</span>
              <span className="auto-topup-charge__amount">
                {formatMoney(charge.amount, charge.currency, format.locale)}
              </span>
              <OrderStatusBadge order={charge} label={t(orderStatusKey(charge))} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="auto-topup__quiet">{t('autoTopupNoCharges')}</p>
      )}
    </div>
  );
}
