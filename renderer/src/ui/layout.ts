import styled, { css } from 'styled-components';
import { space } from './tokens.ts';
import type { SpaceStep } from './tokens.ts';

/**
 * Layout primitives, so pages compose spacing instead of each writing its own flex and grid
 * blocks. Gaps are steps of the spacing scale (ui/tokens.ts); styled-components' `$` props keep
 * them off the DOM.
 */

type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
const JUSTIFY = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
} as const;

interface StackProps {
  $gap?: SpaceStep;
  /** Where children sit across the stack; stretched by default. */
  $align?: Exclude<Align, 'baseline'>;
}

/** Children one under another, evenly spaced. */
export const Stack = styled.div<StackProps>`
  display: grid;
  gap: ${({ $gap = 4 }) => space[$gap]};
  justify-items: ${({ $align = 'stretch' }) => $align};
  min-inline-size: 0;
`;

interface RowProps {
  $gap?: SpaceStep;
  $align?: Align;
  $justify?: keyof typeof JUSTIFY;
  /** Wrap onto further lines when the row runs out of room (on by default). */
  $wrap?: boolean;
}

/** Children side by side in reading order (so right to left in Arabic), evenly spaced. */
export const Row = styled.div<RowProps>`
  display: flex;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: ${({ $justify = 'start' }) => JUSTIFY[$justify]};
  gap: ${({ $gap = 3 }) => space[$gap]};
  min-inline-size: 0;
`;

/** A card's padding that tightens on small phones. */
export const sectionPadding = css`
  padding: ${space[7]};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding: ${space[4.5]};
  }
`;

/**
 * The surface a page's main form, message or result sits on: bordered, rounded, padded, its
 * content stacked. `$raised` adds the shadow of the page's one primary card.
 */
export const PageSection = styled.section<{ $gap?: SpaceStep; $raised?: boolean }>`
  display: grid;
  gap: ${({ $gap = 4 }) => space[$gap]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ $raised = false, theme }) => ($raised ? theme.shadow.raised : 'none')};
  ${sectionPadding}
`;
