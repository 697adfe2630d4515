import * as RadixToast from '@radix-ui/react-toast';
import { useAtom } from 'jotai';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled, { css, keyframes } from 'styled-components';
import { CloseIcon } from '../icons.tsx';
import { currentToastAtom, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toastState.ts';
import { fontSize, layer, radius, space } from '../tokens.ts';

/** Shows the current toast (Radix: announced, dismissible, swipeable). Loaded by ToastProvider. */
export function Toaster() {
  const { t } = useTranslation();
  return (
    <RadixToast.Provider
      label={t('toast.label')}
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      <CurrentToast />
      <Viewport label={t('toast.viewportLabel')} />
    </RadixToast.Provider>
  );
}

function CurrentToast() {
  const { t } = useTranslation();
  const [current, setCurrent] = useAtom(currentToastAtom);
  if (!current) return null;
  const { id, title, description, variant = 'default', open } = current;

  return (
    <Root
      // A new id remounts the root, so a new toast replaces the old one at once.
      key={id}
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) setCurrent((entry) => (entry?.id === id ? { ...entry, open: false } : entry));
      }}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      $variant={variant}
      data-variant={variant}
    >
      <Text>
        <Title>{title}</Title>
        {description ? <Description>{description}</Description> : null}
      </Text>
      <Close aria-label={t('toast.close')}>
        <CloseIcon width={16} height={16} />
      </Close>
    </Root>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-12px); }
  to { opacity: 1; transform: none; }
`;

const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

const swipeOut = keyframes`
  from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { transform: translateX(calc(100% + 32px)); }
`;

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  inset-block-start: 0;
  inset-inline: 0;
  z-index: ${layer.toast};
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  inline-size: min(420px, 100vw);
  margin-inline: auto;
  margin-block: 0;
  padding: ${space[4]};
  list-style: none;
  outline: none;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    inset-block-start: auto;
    /* Above the mobile shell's tab bar when there is one (it sets the variable). */
    inset-block-end: var(--mobile-tab-bar-size, 0px);
    margin-inline-end: 0;
  }
`;

const Root = styled(RadixToast.Root)<{ $variant: 'default' | 'destructive' }>`
  display: flex;
  align-items: flex-start;
  gap: ${space[3]};
  padding: ${space[3.5]} ${space[4]};
  border-radius: ${radius.medium};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};

  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.color.destructive};
      border-color: ${theme.color.destructiveHover};
      color: ${theme.color.destructiveText};
    `}

  &[data-state='open'] {
    animation: ${slideIn} ${({ theme }) => theme.motion.normal} ease-out;
  }

  &[data-state='closed'] {
    animation: ${fadeOut} ${({ theme }) => theme.motion.fast} ease-in;
  }

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }

  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform ${({ theme }) => theme.motion.normal} ease-out;
  }

  &[data-swipe='end'] {
    animation: ${swipeOut} ${({ theme }) => theme.motion.fast} ease-out;
  }
`;

const Text = styled.div`
  flex: 1;
  min-inline-size: 0;
`;

const Title = styled(RadixToast.Title)`
  font-weight: 650;
  font-size: ${fontSize.base};
`;

const Description = styled(RadixToast.Description)`
  margin-block-start: ${space[0.5]};
  font-size: ${fontSize.md};
  opacity: 0.85;
`;

const Close = styled(RadixToast.Close)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  inline-size: 28px;
  block-size: 28px;
  margin-inline-end: -${space[1.5]};
  margin-block-start: -${space[1]};
  padding: 0;

  /* A fingertip needs 44 px; the negative margins keep the toast's layout as it was. */
  @media (pointer: coarse) {
    inline-size: 44px;
    block-size: 44px;
    margin-inline-end: -${space[3.5]};
    margin-block: -${space[3]};
  }
  border: none;
  border-radius: ${radius.small};
  background: transparent;
  color: inherit;
  opacity: 0.75;
  cursor: pointer;

  &:hover {
    opacity: 1;
    background: rgba(255, 255, 255, 0.08);
  }
`;
