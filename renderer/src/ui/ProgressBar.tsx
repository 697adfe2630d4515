import styled from 'styled-components';

interface ProgressBarProps {
  /** 0–1. */
  value: number;
  /**
   * Already translated; names the bar for assistive technology. Leave it out only when text
   * beside the bar already states the value: the bar is then hidden from assistive technology.
   */
  label?: string;
  /** A slimmer bar for a gauge inside a panel. */
  thin?: boolean;
  className?: string;
}

/**
 * A determinate progress bar on the native <progress> element: the value needs no inline style
 * (which the CSP forbids) and screen readers announce it as a progress bar.
 */
export function ProgressBar({ value, label, thin = false, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <Bar
      className={className}
      value={percent}
      max={100}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
      $thin={thin}
    />
  );
}

const Bar = styled.progress<{ $thin: boolean }>`
  display: block;
  inline-size: 100%;
  block-size: ${({ $thin }) => ($thin ? '6px' : '8px')};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.round};
  overflow: hidden;
  background: ${({ theme }) => theme.color.surfaceHover};
  appearance: none;

  &::-webkit-progress-bar {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &::-webkit-progress-value {
    background: ${({ theme }) => theme.color.primary};
    transition: inline-size ${({ theme }) => theme.motion.normal} ease;
  }
  &::-moz-progress-bar {
    background: ${({ theme }) => theme.color.primary};
  }
`;
