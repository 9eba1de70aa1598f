import { isFiltered, ORDER_STATUS_FILTERS, type OrderHistoryView } from '@shop/domain';
import { getTranslations } from 'next-intl/server';
import { ORDERS_PATH } from '../../lib/order-history';

/**
 * The history's filter: a range of days and a status group. A plain form sent with GET, so it
 * works before (and without) JavaScript and its result has an address of its own; sending it
 * starts again on the first page.
 */
export async function OrderFilter({ view }: { view: OrderHistoryView }) {
  const t = await getTranslations('common');
  return (
    <form
      className="order-filter card card--quiet"
      method="get"
      action={ORDERS_PATH}
      data-testid="order-filter"
    >
      <fieldset className="order-filter__fields">
        <legend>{t('orderFilterLegend')}</legend>
        <div className="field">
          <label htmlFor="orders-from">{t('orderFilterFrom')}</label>
          <input id="orders-from" name="from" type="date" defaultValue={view.from} />
        </div>
        <div className="field">
          <label htmlFor="orders-to">{t('orderFilterTo')}</label>
          <input id="orders-to" name="to" type="date" defaultValue={view.to} />
        </div>
        <div className="field">
          <label htmlFor="orders-status">{t('orderStatusLabel')}</label>
          <select id="orders-status" name="status" defaultValue={view.status}>
            {ORDER_STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(filter === 'all' ? 'orderFilterAll' : `orderStatus_${filter}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="order-filter__actions">
        <button type="submit" className="button">
          {t('orderFilterApply')}
        </button>
        {isFiltered(view) && <a href={ORDERS_PATH}>{t('orderFilterReset')}</a>}
      </div>
    </form>
  );
}
