import type { ReactNode } from 'react';
import { CONSENT_FIELDS } from './consent-form';

/** A button of the consent form: all, only what is necessary, or what the dialog's box says. */
export function ConsentButton({
  choice,
  children,
}: {
  choice: 'all' | 'necessary' | 'save';
  children: ReactNode;
}) {
  return (
    <button type="submit" name={CONSENT_FIELDS.choice} value={choice} className="consent-button">
      {children}
    </button>
  );
}
