'use client';

import { type Alert, alertDuration, MAX_VISIBLE_ALERTS } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { Toaster, toast } from 'sonner';

/** The snackbar area at top centre (spec §2, §4). */
export function AlertArea() {
  const t = useTranslations('common');
  return (
    <Toaster
      position="top-center"
      visibleToasts={MAX_VISIBLE_ALERTS}
      closeButton
      containerAriaLabel={t('notificationsRegion')}
      toastOptions={{ closeButtonAriaLabel: t('closeAlert'), className: 'alert' }}
    />
  );
}

/** Shows a translated alert; errors persist until closed, except the general error. */
export function useAlert() {
  const t = useTranslations('common');
  return useCallback(
    (alert: Alert) => {
      const show = { error: toast.error, warning: toast.warning, info: toast.info, success: toast.success }[
        alert.severity ?? 'error'
      ];
      return show(t(alert.messageKey), { id: alert.messageKey, duration: alertDuration(alert) });
    },
    [t],
  );
}

/** Closes the alerts of these message keys (spec §4: some errors close once the action succeeds). */
export function dismissAlerts(messageKeys: readonly string[]): void {
  for (const key of messageKeys) toast.dismiss(key);
}
