import type { StaffOrder } from '@shop/domain/contract';
import { useTranslations } from 'use-intl';
import { useFormat } from '../i18n/format';
import { useLabels } from '../i18n/labels';
import { InlineDetail } from '../ui/DetailList';

/** What happened to the order, oldest first: its own events and what staff did with it. */
export function Timeline({ entries }: { entries: StaffOrder['timeline'] }) {
  const t = useTranslations('order');
  const format = useFormat();
  const labels = useLabels();
  if (entries.length === 0) return <p className="empty">{t('timelineEmpty')}</p>;
  return (
    <ol className="timeline" aria-label={t('timeline')}>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id, and the list is only ever replaced whole
        <li key={index} className="timeline-entry">
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
          <span className="timeline-kind">{labels.kind(entry.kind)}</span>
          <InlineDetail detail={entry.detail} />
        </li>
      ))}
    </ol>
  );
}
