'use client';

import type { ReactNode } from 'react';
import { COOKIE_SETTINGS_ID } from './consent-form';

/** Opens the cookie settings dialog (from the footer of every page, and from the banner). */
export function CookieSettingsButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      data-testid="cookie-settings-open"
      onClick={() => {
        const dialog = document.getElementById(COOKIE_SETTINGS_ID);
        if (dialog instanceof HTMLDialogElement) dialog.showModal();
      }}
    >
      {children}
    </button>
  );
}
