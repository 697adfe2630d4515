import { useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import styled, { keyframes } from 'styled-components';
import { IconButton } from './Button.tsx';
import { CloseIcon } from './icons.tsx';
import { useId } from './ids.tsx';

export type DialogPlacement = 'center' | 'inline-end' | 'fullscreen';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Already translated; names the dialog for assistive technology. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /**
   * `inline-end` slides in from the end edge as a side drawer (right in ltr, left in rtl);
   * `fullscreen` covers the whole screen, inside the safe area (the mobile shell's editor).
   */
  placement?: DialogPlacement;
  /**
   * Buttons for the header's end, instead of the close button (e.g. Cancel and Save). Escape
   * still closes the dialog through `onOpenChange(false)`, so one of them must mean "close".
   */
  actions?: ReactNode;
  /** Receives focus on open; defaults to the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  id?: string;
}

/**
 * A modal built on the native <dialog> and showModal(): the browser provides the top layer,
 * inertness of the page behind, Escape to close and focus containment, and nothing injects
 * <style> text (which the CSP forbids; Radix Dialog's scroll lock does).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  placement = 'center',
  actions,
  initialFocusRef,
  id,
}: DialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  // In the commit that opens or closes it, not after the next paint: a key pressed at once
  // (Escape, then Enter on the opener) must find the dialog as the state says it is.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      (initialFocusRef?.current ?? closeRef.current)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusRef]);

  // Fires for every way of closing: Escape, the close button, a parent setting open=false.
  const handleClose = () => {
    const dialog = dialogRef.current;
    // A `close` event queued before a quick reopen arrives after it: stale, ignore it.
    if (dialog?.open) return;
    const returnTo = returnFocusRef.current;
    returnFocusRef.current = null;
    const focusIsLost =
      document.activeElement === null ||
      document.activeElement === document.body ||
      (dialog?.contains(document.activeElement) ?? false);
    // Browsers usually restore focus themselves; only step in when focus was dropped, and never
    // steal it from whatever took it meanwhile (e.g. the heading of a page navigated to).
    if (focusIsLost && returnTo?.isConnected) returnTo.focus();
    onOpenChange(false);
  };

  return (
    <StyledDialog
      ref={dialogRef}
      id={id}
      data-placement={placement}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
      // Escape fires `cancel` at once but `close` a task later: tell the parent now, or a quick
      // Escape-then-reopen would find it still "open" and do nothing.
      onCancel={() => onOpenChange(false)}
      onClick={(event) => {
        // The panel fills the dialog box, so a click whose target is the <dialog> itself
        // landed on the backdrop.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <Panel>
        <Header>
          <Title id={titleId}>{title}</Title>
          {actions ? (
            <Actions>{actions}</Actions>
          ) : (
            <IconButton
              ref={closeRef}
              aria-label={t('dialog.close')}
              onClick={() => onOpenChange(false)}
            >
              <CloseIcon />
            </IconButton>
          )}
        </Header>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
        {children}
      </Panel>
    </StyledDialog>
  );
}

const fadeScaleIn = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const slideFromRight = keyframes`
  from { transform: translateX(100%); }
  to { transform: none; }
`;

const slideFromLeft = keyframes`
  from { transform: translateX(-100%); }
  to { transform: none; }
`;

const backdropIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const StyledDialog = styled.dialog`
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  inline-size: min(520px, calc(100vw - 32px));
  max-block-size: calc(100dvh - 32px);

  &[open] {
    animation: ${fadeScaleIn} ${({ theme }) => theme.motion.normal} ease-out;
  }

  &::backdrop {
    background: ${({ theme }) => theme.color.backdrop};
    backdrop-filter: blur(2px);
    animation: ${backdropIn} ${({ theme }) => theme.motion.normal} ease-out;
  }

  &[data-placement='inline-end'] {
    inset: 0;
    margin: 0;
    margin-inline-start: auto;
    inline-size: min(340px, 86vw);
    max-inline-size: none;
    block-size: 100dvh;
    max-block-size: none;
    border-radius: 0;
    border-block: none;
    border-inline-end: none;
  }

  &[data-placement='inline-end'][open] {
    animation: ${slideFromRight} ${({ theme }) => theme.motion.normal} ease-out;
  }

  &[data-placement='inline-end'][open]:dir(rtl) {
    animation-name: ${slideFromLeft};
  }

  &[data-placement='fullscreen'] {
    inset: 0;
    margin: 0;
    inline-size: 100%;
    max-inline-size: none;
    block-size: 100dvh;
    max-block-size: none;
    border: none;
    border-radius: 0;
    /* Safe-area insets are physical sides, whatever the reading direction. */
    padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom)
      env(safe-area-inset-left);
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-block-size: 100%;
  padding: 20px;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-inline-start: auto;
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  /* Several buttons may not fit beside a long title on a small phone: they move below it. */
  &:has(> ${Actions}) {
    flex-wrap: wrap;
  }
`;

const Title = styled.h2`
  font-size: 18px;
  font-weight: 650;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
