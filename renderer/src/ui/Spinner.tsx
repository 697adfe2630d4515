import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** A decorative busy indicator; pair it with text (or a role="status" label) that says what. */
export const Spinner = styled.span.attrs({ 'aria-hidden': true })<{ $size?: number }>`
  display: inline-block;
  flex: none;
  inline-size: ${({ $size = 20 }) => `${$size}px`};
  block-size: ${({ $size = 20 }) => `${$size}px`};
  border: 2px solid ${({ theme }) => theme.color.borderStrong};
  border-block-start-color: ${({ theme }) => theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;
