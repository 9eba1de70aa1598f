import { useTranslations } from 'next-intl';
import type { FieldErrors } from './field-errors';

/** The translated error of each field, for the field to show; undefined where it has none. */
export function useErrorText<F extends string>(errors: FieldErrors<F>) {
  const t = useTranslations('common');
  return (field: F): string | undefined => {
    const key = errors[field]?.key;
    return key ? t(key) : undefined;
  };
}
