/** The form the banner and the settings dialog post to `/cookie-consent` (decision 0046). */
export const CONSENT_ACTION = '/cookie-consent';

export const CONSENT_FIELDS = {
  /** Which button: `all`, `necessary`, or `save` (what the statistics box says). */
  choice: 'choice',
  /** The settings dialog's statistics box: `1` when ticked. */
  statistics: 'statistics',
  /** The page to go back to. */
  returnPath: 'return',
} as const;

/** The settings dialog, which the footer's and the banner's buttons open. */
export const COOKIE_SETTINGS_ID = 'cookie-settings';

/** Whether a posted form allows statistics. */
export function allowsStatistics(form: FormData): boolean {
  const choice = form.get(CONSENT_FIELDS.choice);
  if (choice === 'all') return true;
  if (choice === 'save') return form.get(CONSENT_FIELDS.statistics) === '1';
  return false;
}
