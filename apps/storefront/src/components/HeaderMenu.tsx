'use client';

import { type ReactNode, useId, useRef, useState } from 'react';
import { useHydrated } from './forms/useHydrated';
import { useDismiss } from './ui/useDismiss';

/**
 * The header's navigation and settings: in a row on wide screens, behind a menu button on narrow
 * ones (CSS decides which). Escape or a click outside closes the menu.
 */
export function HeaderMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Until the page's script runs, the button would do nothing.
  const hydrated = useHydrated();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss({ open, setOpen, root, button });

  return (
    <div className="header-menu" data-open={open} ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button header-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        disabled={!hydrated}
        data-testid="header-menu"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          {open ? (
            <path
              fill="currentColor"
              d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4Z"
            />
          ) : (
            <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
          )}
        </svg>
        <span className="shown-from-30rem">{label}</span>
      </button>
      <div id={panelId} className="header-menu__panel">
        {children}
      </div>
    </div>
  );
}
