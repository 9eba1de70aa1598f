import { getTranslations } from 'next-intl/server';

/** Previous/next links for a listing; `page` is 0-based, links and labels 1-based. */
export async function Pagination({
  page,
  totalPages,
  pageHref,
}: {
  page: number;
  totalPages: number;
  pageHref: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const t = await getTranslations('common');
  return (
    <nav className="pagination" aria-label={t('paginationLabel')}>
      {page > 0 ? (
        <a href={pageHref(page)} rel="prev">
          {t('previousPage')}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">{t('pageOf', { page: page + 1, total: totalPages })}</span>
      {page + 1 < totalPages ? (
        <a href={pageHref(page + 2)} rel="next">
          {t('nextPage')}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
