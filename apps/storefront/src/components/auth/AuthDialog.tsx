'use client';

import type { ReactNode, RefObject } from 'react';
import { DialogDescription, DialogTitle, ModalDialog } from '../ui/ModalDialog';

/**
 * A modal dialog of the sign-in pages: opens with focus in its first field and gives focus back
 * to `returnFocusTo` when it closes.
 */
export function AuthDialog({
  title,
  description,
  onClose,
  returnFocusTo,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      className="auth-dialog"
      testId={testId}
      onClose={onClose}
      focusOnClose={() => returnFocusTo.current}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
    </ModalDialog>
  );
}
