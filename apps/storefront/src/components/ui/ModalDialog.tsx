'use client';

import { Content, Description, Overlay, Portal, Root, Title } from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** The dialog's heading and the text that says what it asks; each dialog places them itself. */
export { Description as DialogDescription, Title as DialogTitle };

type FocusTarget = () => HTMLElement | null | undefined;

/**
 * A modal dialog of the shop (decision 0060), shown while it is rendered: the page behind it
 * inert, Tab kept inside, Escape asks `onClose`. A click outside does not close it, since each of
 * the shop's dialogs holds something typed or a choice that should not be lost by a stray tap.
 */
export function ModalDialog({
  className,
  testId,
  onClose,
  focusOnOpen,
  focusOnClose,
  children,
}: {
  className: string;
  testId: string;
  onClose: () => void;
  /** What has focus when it opens; else its first field, else its first button. */
  focusOnOpen?: FocusTarget;
  /** Where focus goes when it closes; nowhere in particular when this answers nothing. */
  focusOnClose: FocusTarget;
  children: ReactNode;
}) {
  return (
    <Root open onOpenChange={(open) => open || onClose()}>
      <Portal>
        <Overlay className="modal-overlay" />
        <Content
          className={`modal-dialog ${className}`}
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            const target =
              focusOnOpen?.() ??
              (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
                'input:not([type="hidden"]):not([hidden]), button:not([disabled])',
              );
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // The element may be rendered again as the dialog goes.
            requestAnimationFrame(() => focusOnClose()?.focus());
          }}
          onInteractOutside={(event) => event.preventDefault()}
        >
          {children}
        </Content>
      </Portal>
    </Root>
  );
}
