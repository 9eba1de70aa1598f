import { useFormatter, useLocale } from 'use-intl';
import { formatAmount } from '../lib/money';

/** How the back office writes amounts and times, in the staff member's language and zone. */
export function useFormat() {
  const format = useFormatter();
  const locale = useLocale();
  return {
    amount: (minorUnits: number, currency: string) => formatAmount(minorUnits, currency, locale),
    dateTime: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }),
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' }),
  };
}
