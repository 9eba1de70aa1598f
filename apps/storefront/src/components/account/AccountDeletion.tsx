'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useHydrated } from '../forms/useHydrated';
import { DeletionDialog } from './DeletionDialog';

/**
 * "Delete my account": a button that opens the dialog in which the shopper confirms with the
 * password or a code. The deletion needs the browser's script, so the button waits for it.
 */
export function AccountDeletion({
  userName,
  mainPage,
  here,
}: {
  userName: string;
  /** Where the shopper lands once the account is gone. */
  mainPage: string;
  /** This page, to come back to after signing in again. */
  here: string;
}) {
  const t = useTranslations('common');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button privacy-delete__start"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
      >
        {t('privacyDeleteStart')}
      </button>
      {open && (
        <DeletionDialog
          userName={userName}
          mainPage={mainPage}
          here={here}
          onClose={() => setOpen(false)}
          returnFocusTo={opener}
        />
      )}
    </>
  );
}
