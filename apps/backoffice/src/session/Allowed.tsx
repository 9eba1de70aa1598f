import type { StaffAction } from '@shop/domain';
import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Page } from '../ui/Page';
import { useMay } from './session';

/** A page for the roles that may do `action`; the others are told they may not. */
export function Allowed({ action, children }: { action: StaffAction; children: ReactNode }) {
  const t = useTranslations('errors');
  const may = useMay();
  if (may(action)) return children;
  return (
    <Page title={t('forbiddenTitle')}>
      <p className="notice">{t('forbidden')}</p>
    </Page>
  );
}
