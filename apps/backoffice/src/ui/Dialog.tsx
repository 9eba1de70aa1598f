import { Close, Content, Description, Portal, Root, Title } from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export { Close as DialogClose };

/**
 * A modal dialog, open while it is rendered: the page behind it inert, Tab kept inside, Escape or
 * a Close button asks `onClose`. A click outside does not, so what was typed is not lost by a
 * stray click. The dimmed backdrop is ours rather than Radix's Overlay, whose scroll lock writes
 * a `<style>` element that the page's policy refuses.
 */
export function Dialog({
  onClose,
  title,
  description,
  children,
  testId,
}: {
  onClose: () => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  // Dialogs open from buttons of the page, not Radix's Trigger: focus goes back to the button, or
  // to the page's heading when the button went (an order refunded in full has no Refund button).
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  return (
    <Root open onOpenChange={(open) => open || onClose()}>
      <Portal>
        <div className="dialog-backdrop" />
        <Content
          className="dialog"
          data-testid={testId}
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            requestAnimationFrame(() => {
              const target = opener.current?.isConnected ? opener.current : document.querySelector('main h1');
              if (target instanceof HTMLElement) target.focus();
            });
          }}
        >
          <Title className="dialog-title">{title}</Title>
          <Description className="dialog-description">{description}</Description>
          {children}
        </Content>
      </Portal>
    </Root>
  );
}
