'use client';

import { type Alert, alertDuration, MAX_VISIBLE_ALERTS } from '@shop/domain';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { takeNotices } from '../lib/notice';

type Sonner = typeof import('sonner');

/*
 * The toast library comes with the first alert, not with every page (decision 0029). Alerts asked
 * for before it is there wait here and show as soon as its area is on the page.
 */
let waiting: { id: string; show: (sonner: Sonner) => void }[] = [];
let loaded: Sonner | undefined;
let loadArea: (() => void) | undefined;

function whenLoaded(id: string, show: (sonner: Sonner) => void): void {
  if (loaded) {
    show(loaded);
    return;
  }
  waiting.push({ id, show });
  loadArea?.();
}

/** The snackbar area at top centre (spec §2, §4). */
export function AlertArea() {
  const t = useTranslations('common');
  const [sonner, setSonner] = useState<Sonner>();
  useEffect(() => {
    loadArea = () => {
      loadArea = undefined;
      void import('sonner').then(setSonner);
    };
    if (waiting.length > 0) loadArea();
    return () => {
      loadArea = undefined;
    };
  }, []);
  useEffect(() => {
    // What the previous page left to say (a deleted account) before it made way for this one.
    for (const key of takeNotices()) {
      const message = t(key);
      whenLoaded(key, ({ toast }) =>
        toast.success(message, {
          id: key,
          duration: alertDuration({ messageKey: key, severity: 'success' }),
        }),
      );
    }
  }, [t]);
  useEffect(() => {
    // The Toaster below has mounted (a child's effects run first): it receives what is sent now.
    if (!sonner) return;
    loaded = sonner;
    for (const { show } of waiting.splice(0)) show(sonner);
  }, [sonner]);
  if (!sonner) return null;
  return (
    <sonner.Toaster
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
      const message = t(alert.messageKey);
      whenLoaded(alert.messageKey, ({ toast }) => {
        const show = { error: toast.error, warning: toast.warning, info: toast.info, success: toast.success }[
          alert.severity ?? 'error'
        ];
        show(message, { id: alert.messageKey, duration: alertDuration(alert) });
      });
    },
    [t],
  );
}

/** Closes the alerts of these message keys (spec §4: some errors close once the action succeeds). */
export function dismissAlerts(messageKeys: readonly string[]): void {
  if (loaded) for (const key of messageKeys) loaded.toast.dismiss(key);
  else waiting = waiting.filter(({ id }) => !messageKeys.includes(id));
}
