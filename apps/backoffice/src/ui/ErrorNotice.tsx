import { useTranslations } from 'use-intl';
import { ApiError } from '../api/http';

/** What went wrong with a call, in words: not allowed, not reached, or the API's code. */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('errors');
  return (error) => {
    if (!(error instanceof ApiError)) return t('network');
    if (error.status === 403) return t('forbidden');
    const key = `codes.${error.code}` as Parameters<typeof t>[0];
    return t.has(key) ? t(key) : t('unknown', { code: error.code, message: error.message });
  };
}

/** A call's failure, announced as it appears. */
export function ErrorNotice({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return (
    <p className="notice notice-error" role="alert">
      {errorText(error)}
    </p>
  );
}
