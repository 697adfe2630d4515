import styled from 'styled-components';
import { fontSize, space } from '../../../ui/tokens.ts';

/** Each step's heading; focused when the step comes on screen (see CreateTab). */
export const StepHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${space[2.5]};
  font-size: ${fontSize.lg};
  font-weight: 700;
  outline: none;
`;
