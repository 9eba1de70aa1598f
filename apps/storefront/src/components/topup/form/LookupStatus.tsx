'use client';

import { useTranslations } from 'next-intl';
import type { Lookup } from './useTopupForm';

/** What the check of the number found: a match, or a warning before the shopper goes on. */
export function LookupStatus({ lookup }: { lookup: Lookup }) {
  const t = useTranslations('common');
  return (
    <p
      role="status"
      className={`lookup lookup--${lookup.state === 'done' ? lookup.tone : 'idle'}`}
      data-testid="lookup-result"
    >
      {lookup.state === 'checking' ? t('lookupChecking') : lookup.state === 'done' ? lookup.message : ''}
    </p>
  );
}
