import { ORDER_STATUSES } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useLabels } from '../i18n/labels';
import type { Filters } from '../lib/filters';
import { Field } from '../ui/Field';
import { ShopSelect } from '../ui/ShopSelect';

export const ORDER_FILTER_KEYS = ['q', 'shopId', 'status', 'from', 'to'] as const;
type OrderFilterValues = Filters<(typeof ORDER_FILTER_KEYS)[number]>;

/** The orders' search form: what is typed stays the form's until it is sent. */
export function OrderFilters({
  initial,
  onSearch,
}: {
  initial: OrderFilterValues;
  onSearch: (filters: OrderFilterValues) => void;
}) {
  const t = useTranslations('orders.filters');
  const labels = useLabels();
  const [values, setValues] = useState(initial);
  const set = (key: keyof OrderFilterValues) => (value: string) => setValues({ ...values, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <search aria-label={t('label')}>
      <form className="filters" onSubmit={submit}>
        <div className="filters-search">
          <Field label={t('q')} hint={t('qHint')}>
            {(control) => (
              <input
                {...control}
                type="search"
                value={values.q ?? ''}
                onChange={(event) => set('q')(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t('tenant')}>
          {(control) => <ShopSelect {...control} value={values.shopId ?? ''} onChange={set('shopId')} />}
        </Field>
        <Field label={t('status')}>
          {(control) => (
            <select
              {...control}
              value={values.status ?? ''}
              onChange={(event) => set('status')(event.target.value)}
            >
              <option value="">{t('anyStatus')}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {labels.orderStatus(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('from')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={values.from ?? ''}
              onChange={(event) => set('from')(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('to')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={values.to ?? ''}
              onChange={(event) => set('to')(event.target.value)}
            />
          )}
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('search')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setValues({});
              onSearch({});
            }}
          >
            {t('clear')}
          </button>
        </div>
      </form>
    </search>
  );
}
