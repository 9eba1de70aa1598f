import { type ReactNode, useEffect } from 'react';
import { useTranslations } from 'use-intl';

/** A page of the back office: its `<h1>`, the document's title, and what the page holds. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations('app');
  useEffect(() => {
    document.title = t('documentTitle', { page: title });
  }, [t, title]);
  return (
    <>
      <div className="page-header">
        <h1 tabIndex={-1}>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {children}
    </>
  );
}

/** A titled part of a page (its heading names it; it is no landmark of its own). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
