import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'ghost';
export type ButtonSize = 'medium' | 'large';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $fullWidth?: boolean;
}

const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.primaryHover};
      color: ${({ theme }) => theme.color.primaryText};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    border-color: ${({ theme }) => theme.color.borderStrong};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.surfaceHover};
      color: ${({ theme }) => theme.color.text};
    }
  `,
  destructive: css`
    background: ${({ theme }) => theme.color.destructive};
    color: ${({ theme }) => theme.color.destructiveText};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.destructiveHover};
      color: ${({ theme }) => theme.color.destructiveText};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.surfaceHover};
      color: ${({ theme }) => theme.color.text};
    }
  `,
} satisfies Record<ButtonVariant, unknown>;

/** Shared by <Button> and <ButtonLink> so a link that looks like a button stays a link. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-block-size: ${({ $size }) => ($size === 'large' ? '48px' : '40px')};
  /* A fingertip needs a larger target than a mouse pointer: 44 px at least on touch screens. */
  @media (pointer: coarse) {
    min-block-size: ${({ $size }) => ($size === 'large' ? '48px' : '44px')};
  }
  padding-block: 0;
  padding-inline: ${({ $size }) => ($size === 'large' ? '24px' : '16px')};
  inline-size: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ $size }) => ($size === 'large' ? '16px' : '15px')};
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast} ease,
    color ${({ theme }) => theme.motion.fast} ease,
    border-color ${({ theme }) => theme.motion.fast} ease;

  ${({ $variant = 'primary' }) => variantStyles[$variant]}

  /* aria-disabled: looks and reads as disabled, but a tap can still say why (unlike :disabled). */
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<ButtonStyleProps>(({ type }) => ({
  type: type ?? 'button',
}))<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A square button holding only an icon: always give it an aria-label. */
export const IconButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  min-inline-size: 40px;
  padding-inline: 0;

  @media (pointer: coarse) {
    min-inline-size: 44px;
  }
`;
