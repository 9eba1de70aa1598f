'use client';

import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { keepTabInside } from '../../lib/focus-trap';

/**
 * A modal dialog of the sign-in pages, as the checkout's code dialog does it: opens with focus
 * in its first field, keeps Tab inside, closes on Escape and gives focus back to `returnFocusTo`.
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
  const ids = { title: useId(), text: useId() };
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    element?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not([hidden])')?.focus();
    return () => {
      element?.close();
      requestAnimationFrame(() => returnFocusTo.current?.focus());
    };
  }, [returnFocusTo]);

  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (dialog.current) keepTabInside(event, dialog.current);
      }}
    >
      <h2 id={ids.title}>{title}</h2>
      <p id={ids.text}>{description}</p>
      {children}
    </dialog>
  );
}
