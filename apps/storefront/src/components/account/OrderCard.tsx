import type { OrderHistoryEntry } from '@shop/domain/contract';
import { getTranslations } from 'next-intl/server';
import { orderPath } from '../../lib/order-history';
import { BrandArt } from '../catalogue/BrandArt';
import { OrderStatusBadge } from './OrderStatusBadge';
import {
  type OrderFormat,
  orderBrand,
  orderDate,
  orderLines,
  orderNumbers,
  orderStatusKey,
  orderTotal,
} from './order-display';

/** One order of the history: what it was, when, its status and total, and the way to its details. */
export async function OrderCard({
  order,
  format,
  headingLevel,
}: {
  order: OrderHistoryEntry;
  format: OrderFormat;
  headingLevel: 2 | 3;
}) {
  const t = await getTranslations('common');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const brand = orderBrand(order);
  const numbers = orderNumbers(order);
  return (
    <article className="order-card" data-testid="order-card">
      {brand && <BrandArt brand={brand} size="thumb" />}
      <div className="order-card__body">
        <Heading className="order-card__title">
          <a href={orderPath(order.orderNumber)}>{t('orderTitle', { orderNumber: order.orderNumber })}</a>
        </Heading>
        <p className="order-card__what">{orderLines(order, format).join(', ')}</p>
        <dl className="order-facts">
          <div>
            <dt>{t('orderDateLabel')}</dt>
            <dd data-testid="order-date">{orderDate(order, format)}</dd>
          </div>
          <div>
            <dt>{t('orderStatusLabel')}</dt>
            <dd>
              <OrderStatusBadge order={order} label={t(orderStatusKey(order))} />
            </dd>
          </div>
          <div>
            <dt>{t('summaryTotal')}</dt>
            <dd data-testid="order-total">{orderTotal(order, format)}</dd>
          </div>
          {numbers.length > 0 && (
            <div>
              <dt>{t('toppedUpNumberLabel')}</dt>
              <dd>{numbers.join(', ')}</dd>
            </div>
          )}
        </dl>
      </div>
    </article>
  );
}
