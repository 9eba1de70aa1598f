import { formatMoney, type ServiceFees } from '@shop/domain';
import { getLocale, getTranslations } from 'next-intl/server';
import { feeNotes } from '../../lib/fee-notes';

/** The tenant's service fees as a note under prices; nothing where it charges none. */
export async function ServiceFeeNotice({ fees, currency }: { fees: ServiceFees; currency: string }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations('common')]);
  const notes = feeNotes(fees, (minor) => formatMoney(minor, currency, locale), t);
  if (notes.length === 0) return null;
  return (
    <p className="fee-notice" data-testid="fee-notice">
      {notes.join(' · ')}
    </p>
  );
}
