import { useTranslations } from 'use-intl';

/** Which rows of how many a list shows, and the way to the page before and after. */
export function Pagination({
  offset,
  size,
  totalCount,
  onOffset,
}: {
  offset: number;
  size: number;
  totalCount: number;
  onOffset: (offset: number) => void;
}) {
  const t = useTranslations('pagination');
  if (totalCount === 0) return null;
  const last = Math.min(offset + size, totalCount);
  return (
    <nav className="pagination" aria-label={t('label')}>
      <p>{t('showing', { first: Math.min(offset + 1, totalCount), last, total: totalCount })}</p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - size))}
        >
          {t('previous')}
        </button>
        <button
          type="button"
          className="button"
          disabled={offset + size >= totalCount}
          onClick={() => onOffset(offset + size)}
        >
          {t('next')}
        </button>
      </div>
    </nav>
  );
}
