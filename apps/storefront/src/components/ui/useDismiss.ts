import { type RefObject, useEffect } from 'react';

/**
 * Closes an open disclosure (a button that shows a panel) on Escape, with focus back on its
 * button, or on a press outside `root`. A disclosure inside another (`inner`) hears Escape first
 * and takes it, so that one Escape closes one panel.
 */
export function useDismiss({
  open,
  setOpen,
  root,
  button,
  inner = false,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
  inner?: boolean;
}) {
  useEffect(() => {
    if (!open) return;
    const onPress = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (inner) event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPress);
    document.addEventListener('keydown', onKey, inner);
    return () => {
      document.removeEventListener('mousedown', onPress);
      document.removeEventListener('keydown', onKey, inner);
    };
  }, [open, setOpen, root, button, inner]);
}
