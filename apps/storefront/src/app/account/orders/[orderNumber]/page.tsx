import { type HistoryOrder, historyOrderSchema } from '@shop/domain/contract';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '../../../../components/account/AccountNav';
import { OrderStatusBadge } from '../../../../components/account/OrderStatusBadge';
import {
  orderDate,
  orderLines,
  orderStatusKey,
  orderTotal,
  topupBrandOf,
} from '../../../../components/account/order-display';
import { BrandArt } from '../../../../components/catalogue/BrandArt';
import { PurchaseDetails } from '../../../../components/checkout/PurchaseDetails';
import { accountCall, accountTenant, orderFormat } from '../../../../lib/account';
import { ApiCallError } from '../../../../lib/api-answer';
import { ORDERS_PATH, orderPath } from '../../../../lib/order-history';

type Params = Promise<{ orderNumber: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ orderNumber }, t] = await Promise.all([params, getTranslations('common')]);
  return { title: t('orderTitle', { orderNumber }) };
}

/** One order of the account, or the 404 page of an order it does not have. */
async function historyOrder(orderNumber: string): Promise<HistoryOrder> {
  const tenant = await accountTenant();
  try {
    return await accountCall(
      tenant,
      `/api/shop/rest/orders/history/${encodeURIComponent(orderNumber)}`,
      historyOrderSchema,
      orderPath(orderNumber),
    );
  } catch (error) {
    // UNKNOWN_ORDER, and an order number the contract refuses outright.
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) notFound();
    throw error;
  }
}

/**
 * An order of the account with what it delivered: the amount charged, the credit added, the
 * numbers topped up and the voucher PINs, shown again with their copy buttons and how to redeem
 * them (the result page's own components).
 */
export default async function OrderPage({ params }: { params: Params }) {
  const { orderNumber } = await params;
  const tenant = await accountTenant();
  const [t, format, order] = await Promise.all([
    getTranslations('common'),
    orderFormat(tenant),
    historyOrder(orderNumber),
  ]);
  const lines = orderLines(order, format);

  return (
    <>
      <a className="account-back" href={ORDERS_PATH}>
        {t('backToOrders')}
      </a>
      <h1>{t('orderTitle', { orderNumber: order.orderNumber })}</h1>
      <AccountNav current="orders" exact={false} />
      <div className="order-detail">
        <section className="card account-panel" aria-labelledby="order-summary">
          <h2 id="order-summary">{t('orderSummaryTitle')}</h2>
          <dl className="order-facts order-facts--wide">
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
          </dl>
          <h3>{t('orderItemsTitle')}</h3>
          <ul className="order-lines">
            {order.lines.map((line, index) => (
              <li key={`${line.productId}-${line.phoneNumber ?? index}`} className="order-line">
                <BrandArt brand={line.brand} size="thumb" />
                <span className="order-line__what">
                  <strong>{lines[index]}</strong>
                  {t.has(`kind_${line.kind}`) && (
                    <span className="order-line__kind">{t(`kind_${line.kind}`)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card account-panel" aria-labelledby="order-purchase">
          <h2 id="order-purchase">{t('purchaseDetailsTitle')}</h2>
          {order.purchase ? (
            <PurchaseDetails
              answer={order.purchase}
              showOrderDate={false}
              showOrderNumber={false}
              topupBrand={topupBrandOf(order)}
            />
          ) : (
            <p data-testid="purchase-pending">{t('orderNotSettled')}</p>
          )}
        </section>
      </div>
    </>
  );
}
