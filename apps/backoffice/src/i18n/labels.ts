import { useTranslations } from 'use-intl';

/**
 * Labels of values the API names by code: a timeline's or audit line's kind, an order's status.
 * A code without a label of its own is shown as it is, so a new kind is still readable.
 */
export function useLabels() {
  const t = useTranslations('labels');
  const label = (group: 'kinds' | 'orderStatus' | 'roles' | 'autoTopupStatus', code: string) => {
    // Translation keys cannot hold dots, which separate the kinds' parts (`payment.refund.staff`).
    const key = `${group}.${code.replaceAll('.', '_')}` as Parameters<typeof t>[0];
    return t.has(key) ? t(key) : code;
  };
  return {
    kind: (kind: string) => label('kinds', kind),
    orderStatus: (status: string) => label('orderStatus', status),
    role: (role: string) => label('roles', role),
    autoTopupStatus: (status: string) => label('autoTopupStatus', status),
  };
}
