import styled from 'styled-components';
import { Input } from '../../../ui/Field.tsx';
import { fontSize, space } from '../../../ui/tokens.ts';

/** A link beside its Copy button, stacked on narrow screens: the share and the status link. */
export const LinkRow = styled.div`
  display: flex;
  gap: ${space[2]};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    flex-direction: column;
  }
`;

export const LinkInput = styled(Input)`
  flex: 1;
  min-inline-size: 0;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  /* The URL reads left to right in every language. */
  text-align: left;
`;
