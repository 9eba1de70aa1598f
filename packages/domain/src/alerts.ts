import { GENERAL_ERROR_MESSAGE_KEY } from './errors';

/** Spec §9: at most 3 alerts at once; toasts hide after 5000 ms. */
export const MAX_VISIBLE_ALERTS = 3;
export const TOAST_DURATION_MS = 5000;

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';

export interface Alert {
  messageKey: string;
  /** Defaults to error. */
  severity?: AlertSeverity;
}

/**
 * Spec §4: errors stay until closed, except the general error; every other alert is a toast.
 * Answers the display time in ms, or Infinity for an alert that persists.
 */
export function alertDuration({ messageKey, severity = 'error' }: Alert): number {
  const persists = severity === 'error' && messageKey !== GENERAL_ERROR_MESSAGE_KEY;
  return persists ? Number.POSITIVE_INFINITY : TOAST_DURATION_MS;
}
