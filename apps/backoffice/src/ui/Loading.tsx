import { useTranslations } from 'use-intl';

export function Loading() {
  const t = useTranslations('common');
  return (
    <p className="loading" role="status" data-testid="loading">
      {t('loading')}
    </p>
  );
}
