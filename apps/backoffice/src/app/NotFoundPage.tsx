import { Link } from 'react-router';
import { useTranslations } from 'use-intl';
import { Page } from '../ui/Page';

export function NotFoundPage() {
  const t = useTranslations('notFound');
  return (
    <Page title={t('title')}>
      <p>{t('text')}</p>
      <p>
        <Link to="/">{t('home')}</Link>
      </p>
    </Page>
  );
}
